// Both packed tarballs as users get them: @crdconv/webhook alone in a plain Node project, and
// @crdconv/webhook with the crdconv tooling in a project that `crdconv init` wrote, where it is
// typechecked two ways, bundled for Workers and Lambda, and its own test, start and crd run.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'yaml'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gzippedBytes, SIZE_CEILINGS } from '../../../bench/targets.ts'
import { samEsbuildArguments, bundleFileName } from '../../../scripts/sam-esbuild-arguments.ts'
import { parseSamTemplate, webhookFunction } from '../../../scripts/sam-template.ts'
import { functionUrlEvent, requestParts } from '../../support/lambda-events.ts'
import { modulesWithCode } from '../../support/worker-bundle-modules.ts'
import {
  createInitProject,
  createPlainProject,
  declaredRange,
  installedBytes,
  packPackages,
  productionPackages,
  run,
  startServer,
} from '../../support/consumer-project.ts'
import {
  API_SERVER_SCRIPT,
  API_SERVER_TS,
  apiServerAnswer,
  BUNDLER_TSCONFIG,
  INVOKE_LAMBDA,
  NODE_BUNDLE,
  WEBHOOK_SCRIPT,
  webhookAnswer,
} from './consumer-files.ts'

const GROUP = 'stable.example.com'
const MiB = 1024 * 1024

function widgetReview(desiredVersion: string) {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'ConversionReview',
    request: {
      uid: 'review-1',
      desiredAPIVersion: `${GROUP}/${desiredVersion}`,
      objects: [
        {
          apiVersion: `${GROUP}/v1alpha1`,
          kind: 'Widget',
          metadata: { name: 'w', namespace: 'default', uid: 'w-uid' },
          spec: { message: 'hi', replicas: 2 },
        },
      ],
    },
  }
}

const convertedWidget = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'ConversionReview',
  response: {
    uid: 'review-1',
    result: { status: 'Success' },
    convertedObjects: [
      expect.objectContaining({ apiVersion: `${GROUP}/v1`, spec: { greeting: 'hi', replicas: 2 } }),
    ],
  },
}

/** The path token `crdconv init` wrote to the project's .dev.vars. */
function devVarsToken(project: string): string {
  const token = /^CONVERT_TOKEN=(\w+)$/m.exec(readFileSync(join(project, '.dev.vars'), 'utf8'))?.[1]
  if (token === undefined) throw new Error(`${project}/.dev.vars holds no CONVERT_TOKEN`)
  return token
}

/** The JSON a script prints last (the webhook's own log lines come before it). */
function lastLine(output: string): unknown {
  return JSON.parse(output.trimEnd().split('\n').at(-1) ?? '')
}

/** What a bundle of `platform`'s entry may read: the project's sources, the runtime, hono, zod. */
// the Lambda's log line carries the metrics (CloudWatch EMF); the Worker counts none yet
// the Lambda writes every metric in its log line; a Worker, with its Analytics Engine writer,
// only the catalog, the labels and the writer
const METRICS_OF = {
  lambda: 'metrics/',
  worker: 'metrics/(metric-catalog|conversion-labels|analytics-engine)\\.js$',
} as const
const runtimeOnly = (platform: 'worker' | 'lambda') =>
  new RegExp(
    `^(src/|node_modules/@crdconv/webhook/dist/(index\\.js$|(json|scheme|review|http|platform/${platform})/|${METRICS_OF[platform]})|node_modules/(hono|zod)/)`
  )

const workDir = mkdtempSync(join(tmpdir(), 'crdconv-consumer-'))
const initProject = join(workDir, 'webhook')
const plainProject = join(workDir, 'plain')

beforeAll(async () => {
  const tarballs = await packPackages(workDir)
  await Promise.all([
    createInitProject(
      initProject,
      tarballs,
      ['--group', GROUP, '--kind', 'Widget', '--versions', 'v1alpha1,v1beta1,v1'],
      {
        'tsconfig.bundler.json': BUNDLER_TSCONFIG,
        'test/api-server.ts': API_SERVER_TS,
        'api-server.mjs': API_SERVER_SCRIPT,
        'webhook.mjs': WEBHOOK_SCRIPT,
        'invoke-lambda.mjs': INVOKE_LAMBDA,
      }
    ),
    // a user of the Node entry adds @hono/node-server; nothing of the tooling is installed
    createPlainProject(
      plainProject,
      [
        tarballs['@crdconv/webhook'],
        declaredRange('webhook', 'zod'),
        declaredRange('crdconv', '@hono/node-server'),
      ],
      { 'webhook.mjs': WEBHOOK_SCRIPT }
    ),
  ])
}, 600_000)
// node_modules with workerd takes a while to remove
afterAll(() => rm(workDir, { recursive: true, force: true }), 120_000)

describe('the production packages a project installs', { timeout: 120_000 }, () => {
  it.each([
    // @hono/node-server for src/server.ts, the image's entry
    ['made by crdconv init', ['@crdconv/webhook', '@hono/node-server', 'hono', 'zod'], initProject],
    [
      'using the Node entry',
      ['@crdconv/webhook', '@hono/node-server', 'hono', 'zod'],
      plainProject,
    ],
  ])('%s: npm ls --omit=dev lists itself and %j, under 15 MiB', async (_, expected, dir) => {
    const listed = await productionPackages(dir)
    expect(listed.code).toBe(0)
    expect(listed.names.sort()).toEqual(expected)
    expect(listed.lines[0]).toBe(dir)
    const bytes = listed.lines
      .filter((line) => line !== dir)
      .reduce((sum, path) => sum + installedBytes(path), 0)
    expect(bytes / MiB).toBeLessThan(15)
  })
})

describe('@crdconv/webhook and crdconv from plain JavaScript', { timeout: 180_000 }, () => {
  it.each([
    ['@crdconv/webhook, /node', 'webhook.mjs', webhookAnswer],
    ['crdconv/api-server', 'api-server.mjs', apiServerAnswer],
  ])('%s: runs with node alone, and bundled by esbuild for Node', async (_name, script, answer) => {
    const direct = await run(process.execPath, [script], initProject)
    expect(direct.stderr).not.toMatch(/Error/)
    expect(lastLine(direct.stdout)).toMatchObject(answer)
    const bundle = `bundled-${script}`
    const esbuild = ['esbuild', script, ...NODE_BUNDLE, `--outfile=${bundle}`]
    const build = await run('npx', esbuild, initProject)
    expect(build.code).toBe(0)
    const bundled = await run(process.execPath, [bundle], initProject)
    expect(lastLine(bundled.stdout)).toMatchObject(answer)
  })

  it('@crdconv/webhook answers a review where neither the tooling nor TypeScript is installed', async () => {
    for (const absent of ['crdconv', 'typescript', 'yaml']) {
      expect(existsSync(join(plainProject, 'node_modules', absent)), absent).toBe(false)
    }
    const result = await run(process.execPath, ['webhook.mjs'], plainProject)
    expect(result.code).toBe(0)
    expect(lastLine(result.stdout)).toMatchObject(webhookAnswer)
  })
})

describe('a project made by crdconv init', { timeout: 180_000 }, () => {
  it.each([
    ['nodenext', 'tsconfig.json'],
    ['bundler', 'tsconfig.bundler.json'],
  ])(
    'typechecks, the tooling’s crdconv/testing, /crd and /api-server included, under moduleResolution %s',
    async (_, config) => {
      const result = await run('npx', ['tsc', '--noEmit', '-p', config], initProject)
      expect(result.stdout).toBe('')
      expect(result.code).toBe(0)
    }
  )

  it(`bundles the Worker with wrangler deploy --dry-run from the runtime alone, at most ${SIZE_CEILINGS.scaffoldWorkerGzipBytes / 1024} KiB gzipped`, async () => {
    const outdir = join(initProject, 'worker-out')
    const result = await run(
      'npx',
      ['wrangler', 'deploy', '--dry-run', '--outdir', outdir, '--metafile'],
      initProject
    )
    expect(result.stderr).not.toMatch(/ERROR/)
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('--dry-run: exiting now.')
    const worker = readFileSync(join(outdir, 'worker.js'))
    expect(worker.toString()).toContain('ConversionReview')
    expect(gzippedBytes(worker)).toBeLessThanOrEqual(SIZE_CEILINGS.scaffoldWorkerGzipBytes)
    const meta = JSON.parse(readFileSync(join(outdir, 'bundle-meta.json'), 'utf8'))
    const inputs = modulesWithCode(meta)
    expect(inputs).toContain('src/worker.ts')
    expect(inputs.filter((path) => !runtimeOnly('worker').test(path))).toEqual([])
  })

  it('bundles the Lambda with esbuild as sam build does, from the runtime alone, and it converts', async () => {
    const fn = webhookFunction(
      parseSamTemplate(readFileSync(join(initProject, 'template.yaml'), 'utf8'))
    )
    const properties = fn.Metadata?.BuildProperties ?? {}
    const outdir = join(initProject, '.aws-sam-build')
    const esbuild = ['esbuild', ...samEsbuildArguments(properties, outdir)]
    const build = await run('npx', [...esbuild, `--metafile=${outdir}/meta.json`], initProject)
    expect(build.code).toBe(0)
    const meta = JSON.parse(readFileSync(join(outdir, 'meta.json'), 'utf8'))
    const inputs = modulesWithCode(meta)
    expect(inputs).toContain('src/lambda.ts')
    expect(inputs.filter((path) => !runtimeOnly('lambda').test(path))).toEqual([])
    const [entry] = properties['EntryPoints'] as string[]
    const bundle = join(outdir, bundleFileName(entry!, properties))
    expect(fn.Properties?.Handler).toBe(
      `${bundleFileName(entry!, properties).replace(/\.m?js$/, '')}.handler`
    )
    const event = functionUrlEvent(
      requestParts('function-url', '/convert?timeout=30s', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(widgetReview('v1')),
      })
    )
    const invoked = await run(
      process.execPath,
      ['invoke-lambda.mjs', bundle, JSON.stringify(event)],
      initProject,
      // the review goes to /convert with no token: open on purpose here
      { CONVERT_ALLOW_UNAUTHENTICATED: 'true' }
    )
    expect(invoked.code).toBe(0)
    const result = lastLine(invoked.stdout) as { statusCode: number; body: string }
    expect(result.statusCode).toBe(200)
    expect(JSON.parse(result.body)).toMatchObject(convertedWidget)
  })

  it('passes its own npm test: round trips, the Lambda handler, the server bundle, and the Worker bundle in workerd', async () => {
    const result = await run('npm', ['test'], initProject)
    expect(result.code).toBe(0)
    for (const [project, file, tests] of [
      ['node', 'test/scheme.test.ts', 3],
      ['node', 'test/lambda.test.ts', 2],
      ['node', 'test/server.test.ts', 2],
      ['workers', 'test/worker.test.ts', 3],
    ] as const) {
      expect(result.stdout).toMatch(new RegExp(`✓ \\|${project}\\| ${file} \\(${tests} tests?\\)`))
    }
    // the workers project serves the bundle `wrangler deploy` uploads, written by npm test itself
    expect(readFileSync(join(initProject, 'dist/worker/worker.js'), 'utf8')).toContain(
      'ConversionReview'
    )
  })

  it("answers a review at npm start's /convert/<the token init wrote to .dev.vars>, and refuses one without it", async () => {
    const server = await startServer(initProject, ['--port', '0'])
    const post = (path: string) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(widgetReview('v1')),
      })
    try {
      const authenticated = await post(`/convert/${devVarsToken(initProject)}`)
      expect(authenticated.status).toBe(200)
      expect(await authenticated.json()).toMatchObject(convertedWidget)
      expect((await post('/convert')).status).toBe(404)
    } finally {
      server.stop()
    }
  })

  it('prints the CRD with the crdconv bin: npx crdconv crd --scheme src/scheme.ts', async () => {
    const result = await run(
      'npx',
      ['crdconv', 'crd', '--scheme', 'src/scheme.ts', '--url', 'https://example.com/convert'],
      initProject
    )
    expect(result.code).toBe(0)
    expect(parse(result.stdout)).toMatchObject({
      kind: 'CustomResourceDefinition',
      metadata: { name: `widgets.${GROUP}` },
      spec: {
        versions: [
          expect.objectContaining({ name: 'v1', storage: true }),
          expect.objectContaining({ name: 'v1beta1', storage: false }),
          expect.objectContaining({ name: 'v1alpha1', storage: false }),
        ],
        conversion: {
          strategy: 'Webhook',
          webhook: expect.objectContaining({
            // the path token init wrote to .dev.vars, added to --url
            clientConfig: {
              url: `https://example.com/convert/${devVarsToken(initProject)}`,
            },
          }),
        },
      },
    })
  })
})
