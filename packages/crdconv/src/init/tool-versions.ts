// The versions a new project depends on: the crdconv that ran `init`, and the zod, fast-check,
// vitest and TypeScript it was built and tested with, read from crdconv's own package.json.
import { readFileSync } from 'node:fs'

export interface ToolVersions {
  /** The version of the crdconv that runs `init`, and of the runtime it was released with. */
  readonly version: string
  /** The dependency spec of `@crdconv/webhook`: a range, or a `file:` tarball (`init --from`). */
  readonly webhook: string
  /** The dependency spec of `crdconv` itself. */
  readonly crdconv: string
  readonly zod: string
  readonly honoNodeServer: string
  readonly fastCheck: string
  readonly vitest: string
  readonly typescript: string
  readonly esbuild: string
  readonly wrangler: string
  /** The package that runs the Worker's tests in workerd, and its version. */
  readonly workersTestPool: { readonly name: string; readonly version: string }
  readonly awsCdkLib: string
  readonly constructs: string
  readonly tsx: string
}

/**
 * wrangler 4.87 and later need Node 22; 4.86.0 is the last that runs on Node 20. A project made
 * on Node 22 or later gets the newest wrangler, one made on Node 20 the one that still runs there.
 */
export const WRANGLER_FOR_NODE_20 = '4.86.0'
export const WRANGLER_FOR_NODE_22 = '^4.164.0'

/**
 * The package a project's Worker tests run on in workerd: made on Node 22 or later,
 * @cloudflare/vitest-plugin (the renamed @cloudflare/vitest-pool-workers, same API, no rename
 * banner); made on Node 20, @cloudflare/vitest-pool-workers 0.15.1, the last that pins a wrangler
 * (4.86.0) and a miniflare that run there: an install with no EBADENGINE warning and no banner.
 */
export const VITEST_PLUGIN = '1.5.0'
export const VITEST_POOL_WORKERS_FOR_NODE_20 = '0.15.1'

/**
 * The CDK command (`aws-cdk`, released apart from aws-cdk-lib) a project's `cdk synth` is tested
 * with: exact, since the scripts run it through npx, which then takes it from its cache offline.
 */
export const AWS_CDK_CLI = '2.1148.1'

interface PackageJson {
  readonly version: string
  readonly dependencies: Readonly<Record<string, string>>
  readonly devDependencies: Readonly<Record<string, string>>
}

/** The versions for a project made by this crdconv on Node `nodeVersion` (`process.versions.node`). */
export function toolVersions(nodeVersion: string = process.versions.node): ToolVersions {
  const manifest = JSON.parse(
    readFileSync(new URL('../../package.json', import.meta.url), 'utf8')
  ) as PackageJson
  const dependency = (name: string): string => {
    const range = manifest.dependencies[name] ?? manifest.devDependencies[name]
    if (range === undefined) throw new Error(`crdconv's package.json does not list ${name}`)
    return range
  }
  const nodeMajor = Number(nodeVersion.split('.')[0])
  return {
    version: manifest.version,
    webhook: `^${manifest.version}`,
    crdconv: `^${manifest.version}`,
    zod: dependency('zod'),
    honoNodeServer: dependency('@hono/node-server'),
    fastCheck: dependency('fast-check'),
    vitest: dependency('vitest'),
    typescript: dependency('typescript'),
    esbuild: dependency('esbuild'),
    wrangler: nodeMajor >= 22 ? WRANGLER_FOR_NODE_22 : WRANGLER_FOR_NODE_20,
    workersTestPool:
      nodeMajor >= 22
        ? { name: '@cloudflare/vitest-plugin', version: VITEST_PLUGIN }
        : { name: '@cloudflare/vitest-pool-workers', version: VITEST_POOL_WORKERS_FOR_NODE_20 },
    awsCdkLib: dependency('aws-cdk-lib'),
    constructs: dependency('constructs'),
    tsx: dependency('tsx'),
  }
}
