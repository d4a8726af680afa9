// Every file of the project `crdconv init` writes, as text keyed by its path in the project.
import { CLUSTER_SCRIPTS, clusterFiles } from './cluster-files.ts'
import { SERVER_TEST_FILES } from './container-image-files.ts'
import { deploysWith, type InitOptions } from './init-options.ts'
import { KUSTOMIZE_SCRIPT, kustomizeFiles } from './kustomize-files.ts'
import {
  lambdaDeployDevDependencies,
  lambdaDeployFiles,
  lambdaDeployScripts,
} from './lambda-deploy-files.ts'
import { PROJECT_TOKEN_FILE } from '../path-token/index.ts'
import { platformTestFiles, WORKER_BUNDLE_DIR } from './platform-tests.ts'
import { projectReadme } from './project-readme.ts'
import { schemeSource } from './scheme-template.ts'
import type { ToolVersions } from './tool-versions.ts'

export type ProjectFiles = Readonly<Record<string, string>>

/** The files of a new project named `name` (its directory's name), for `options`. */
export function projectFiles(
  name: string,
  options: InitOptions,
  tools: ToolVersions
): ProjectFiles {
  const packageName = npmPackageName(name)
  return {
    'package.json': packageJson(packageName, options, tools),
    'tsconfig.json': tsconfig(options),
    'src/scheme.ts': schemeSource(options),
    'src/worker.ts': WORKER,
    'src/lambda.ts': LAMBDA,
    'test/scheme.test.ts': schemeTest(),
    ...platformTestFiles(tools.workersTestPool.name),
    ...SERVER_TEST_FILES,
    'wrangler.toml': wranglerToml(packageName),
    ...lambdaDeployFiles(options),
    ...clusterFiles(packageName),
    ...kustomizeFiles(packageName),
    '.dev.vars.example': DEV_VARS_EXAMPLE,
    '.gitignore': GITIGNORE,
    'README.md': projectReadme(packageName, options),
  }
}

/** A valid npm and Worker name from a directory name: lowercase, `-` for anything else. */
export function npmPackageName(directoryName: string): string {
  const name = directoryName
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 54)
  return name === '' ? 'conversion-webhook' : name
}

function packageJson(name: string, options: InitOptions, tools: ToolVersions): string {
  const manifest = {
    name,
    version: '0.1.0',
    private: true,
    type: 'module',
    scripts: {
      test: 'tsc --noEmit && npm run build:worker && npm run build:server && vitest run',
      // a build step inside npm test: no banner, and no update check (Node 20 keeps wrangler 4.86)
      'build:worker': `WRANGLER_HIDE_BANNER=true wrangler deploy --dry-run --outdir ${WORKER_BUNDLE_DIR}`,
      start: 'crdconv serve --scheme src/scheme.ts',
      check: 'crdconv check --scheme src/scheme.ts',
      crd: 'crdconv crd --scheme src/scheme.ts',
      // the webhook reads no request.cf: wrangler dev would fetch it from workers.cloudflare.com
      dev: 'CLOUDFLARE_CF_FETCH_ENABLED=false wrangler dev',
      // the token in .dev.vars becomes the Worker's secret in the same upload
      'deploy:cloudflare': `wrangler deploy --secrets-file ${PROJECT_TOKEN_FILE}`,
      ...lambdaDeployScripts(options),
      ...CLUSTER_SCRIPTS,
      ...KUSTOMIZE_SCRIPT,
    },
    dependencies: {
      '@crdconv/webhook': tools.webhook,
      '@hono/node-server': tools.honoNodeServer,
      zod: tools.zod,
    },
    devDependencies: sortedByName({
      [tools.workersTestPool.name]: tools.workersTestPool.version,
      crdconv: tools.crdconv,
      esbuild: tools.esbuild,
      'fast-check': tools.fastCheck,
      typescript: tools.typescript,
      vitest: tools.vitest,
      wrangler: tools.wrangler,
      ...lambdaDeployDevDependencies(options, tools),
    }),
    // npm 11 runs no dependency's install script unless allowed here, and lists each one it
    // skipped after every install. The project needs none of them: esbuild and workerd find their
    // binaries through their platform packages, and sharp is miniflare's image binding.
    allowScripts: { esbuild: false, sharp: false, workerd: false },
  }
  return `${JSON.stringify(manifest, null, 2)}\n`
}

// as npm writes them, so that the first `npm install` changes nothing
const sortedByName = (entries: Record<string, string>) =>
  Object.fromEntries(Object.entries(entries).sort(([a], [b]) => a.localeCompare(b)))

const tsconfig = (options: InitOptions): string =>
  `${JSON.stringify(
    {
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        // DOM: the web APIs (URL, fetch, Request) that Workers, Lambda and Node share
        lib: ['ES2023', 'DOM', 'DOM.Iterable'],
        types: [],
        strict: true,
        noUncheckedIndexedAccess: true,
        verbatimModuleSyntax: true,
        allowImportingTsExtensions: true,
        noEmit: true,
        skipLibCheck: true,
      },
      include: ['src', 'test', ...(deploysWith(options.aws, 'cdk') ? ['cdk'] : [])],
    },
    null,
    2
  )}\n`

const WORKER = `// wrangler.toml's \`main\`: the webhook on Cloudflare Workers.
import { workerApp } from '@crdconv/webhook/worker'
import { scheme } from './scheme.ts'

export default workerApp(scheme)
`

const LAMBDA = `// The Lambda entry (template.yaml's EntryPoints, cdk/app.ts's entry): the webhook behind a Function URL.
import { lambdaHandler } from '@crdconv/webhook/lambda'
import { scheme } from './scheme.ts'

export const handler = lambdaHandler(scheme)
`

function schemeTest(): string {
  return `// What \`crdconv check\` checks without a cluster, resource by resource: the definitions, the
// round trips between every pair of versions, and conversion coverage, grown from each version's
// examples and from the objects recorded in the project's corpus folder (crdconv record), as
// \`crdconv check\` grows them.
import { readProjectCorpus } from 'crdconv/corpus'
import { checkResource } from 'crdconv/crd'
import {
  conversionCoverage,
  coverageFindings,
  expectLosslessRoundTrips,
} from 'crdconv/testing'
import { describe, expect, it } from 'vitest'
import { scheme } from '../src/scheme.ts'

// corpus/, or package.json's crdconv.corpus; none where the folder does not exist
const recorded = readProjectCorpus()

describe.each(scheme.resources.map((resource) => [resource.identity.groupKind, resource] as const))(
  '%s',
  (_, resource) => {
    it('passes the definition checks: storage version, paths, structural schemas, examples', () => {
      expect(checkResource(resource).flatMap((item) => item.problems)).toEqual([])
    })

    it('gives back every object exactly after a round trip between any two versions', () => {
      expectLosslessRoundTrips(resource, { recorded })
    })

    it('loses no field and writes no value the target schema refuses on any converter path', () => {
      expect(coverageFindings(conversionCoverage(resource, { recorded })).failures).toEqual([])
    })
  }
)
`
}

function wranglerToml(name: string): string {
  return `name = "${name}"
main = "src/worker.ts"
compatibility_date = "2025-09-01"
# smaller script, faster cold start
minify = true
# no usage data to Cloudflare, and no question about it on the first wrangler command
send_metrics = false

# The path token is the secret CONVERT_TOKEN: \`crdconv init\` wrote it to .dev.vars, which
# \`wrangler dev\` reads and \`npm run deploy:cloudflare\` uploads (wrangler deploy --secrets-file).
# Without it the Worker refuses /convert.

# CPU time per request (Workers Paid; the Free plan has a fixed 10 ms and refuses this setting:
# delete it there). The default is 30 s; the largest review the 8 MiB body limit admits converts
# in well under a second, so 5 s bounds what one request, even one holding the token, can cost.
[limits]
cpu_ms = 5000

# The webhook's metrics, by CRD and version pair: one Workers Analytics Engine data point per
# request, read with Cloudflare's SQL API (docs/operations.md in crdconv). Uncomment to write them.
# [[analytics_engine_datasets]]
# binding = "CRDCONV_METRICS"
# dataset = "crdconv"

[observability]
enabled = true

# Invocation logs record each request's URL, which holds the path token: keep only crdconv's own
# log lines (uid, kinds, versions, counts, duration, outcome).
[observability.logs]
invocation_logs = false
`
}

const DEV_VARS_EXAMPLE = `# crdconv init wrote .dev.vars with a new token. In a fresh clone, make one:
#   echo "CONVERT_TOKEN=$(openssl rand -hex 24)" > .dev.vars
# 48 hex digits: every target takes them, the chart's CRD service path included (the line
# below is refused on purpose).
CONVERT_TOKEN=<openssl rand -hex 24>
`

const GITIGNORE = `node_modules/
dist/
.wrangler/
.aws-sam/
.dev.vars
cdk.out/
crd.yaml
token
kustomize/token-values.yaml
`
