// The packed tarball as users get it: installed into a project that `crdconv init` wrote, with
// the library imported from plain JavaScript, typechecked two ways, bundled for Workers and
// Lambda, and the project's own test, start and crd commands run.
import { readFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { parse } from 'yaml'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { samEsbuildArguments, bundleFileName } from '../../../scripts/sam-esbuild-arguments.ts'
import { parseSamTemplate, webhookFunction } from '../../../scripts/sam-template.ts'
import { functionUrlEvent, requestParts } from '../../support/lambda-events.ts'
import {
  createConsumerProject,
  run,
  startServer,
  type ConsumerProject,
} from './consumer-project.ts'

const GROUP = 'stable.example.com'

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
      expect.objectContaining({
        apiVersion: `${GROUP}/v1`,
        spec: { greeting: 'hi', replicas: 2 },
      }),
    ],
  },
}

// (a) plain JavaScript, no TypeScript loader: the library and its Node server
const PLAIN_CONSUMER = `import { createApp, createScheme, defineResource } from 'crdconv'
import { startNodeServer } from 'crdconv/node'
import * as z from 'zod/mini'

const note = defineResource({
  group: 'plain.example.com',
  kind: 'Note',
  versions: {
    v1: { schema: z.object({ text: z.optional(z.string()) }) },
    v2: { schema: z.object({ body: z.optional(z.string()) }), storage: true },
  },
  converters: [
    { from: 'v1', to: 'v2', convert: ({ text, ...rest }) => ({ ...rest, body: text }) },
    { from: 'v2', to: 'v1', convert: ({ body, ...rest }) => ({ ...rest, text: body }) },
  ],
})
const server = await startNodeServer({
  app: createApp({ scheme: createScheme([note]) }),
  port: 0,
  hostname: '127.0.0.1',
})
const response = await fetch(server.url + '/convert', {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: process.argv[2],
})
console.log(JSON.stringify(await response.json()))
await server.close()
`

// (b) the same sources under moduleResolution bundler
const BUNDLER_TSCONFIG = JSON.stringify({
  extends: './tsconfig.json',
  compilerOptions: { module: 'preserve', moduleResolution: 'bundler' },
})

// (c) the bundle SAM builds, invoked with a Function URL event from the command line
const INVOKE_LAMBDA = `const { handler } = await import(process.argv[2])
const result = await handler(JSON.parse(process.argv[3]), {})
console.log(JSON.stringify(result))
`

/** The JSON a script prints last (crdconv's own log lines come before it). */
function lastLine(output: string): unknown {
  return JSON.parse(output.trimEnd().split('\n').at(-1) ?? '')
}

let project: ConsumerProject

beforeAll(async () => {
  project = await createConsumerProject(
    ['--group', GROUP, '--kind', 'Widget', '--versions', 'v1alpha1,v1beta1,v1'],
    {
      'plain-consumer.mjs': PLAIN_CONSUMER,
      'tsconfig.bundler.json': BUNDLER_TSCONFIG,
      'invoke-lambda.mjs': INVOKE_LAMBDA,
    }
  )
}, 600_000)
afterAll(async () => {
  // project is unset when beforeAll failed; node_modules with workerd takes a while to remove
  const created = project as ConsumerProject | undefined
  if (created !== undefined) await rm(dirname(created.dir), { recursive: true, force: true })
}, 120_000)

describe('the packed package in a project made by crdconv init', { timeout: 180_000 }, () => {
  it('answers a review from a plain .mjs file with node alone (crdconv, crdconv/node)', async () => {
    const review = {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'ConversionReview',
      request: {
        uid: 'plain-1',
        desiredAPIVersion: 'plain.example.com/v2',
        objects: [
          {
            apiVersion: 'plain.example.com/v1',
            kind: 'Note',
            metadata: { name: 'n', namespace: 'default', uid: 'n-uid' },
            text: 'hello',
          },
        ],
      },
    }
    const result = await run(
      process.execPath,
      ['plain-consumer.mjs', JSON.stringify(review)],
      project.dir
    )
    expect(result.code).toBe(0)
    expect(lastLine(result.stdout)).toMatchObject({
      response: {
        uid: 'plain-1',
        result: { status: 'Success' },
        convertedObjects: [{ apiVersion: 'plain.example.com/v2', body: 'hello' }],
      },
    })
  })

  it.each([
    ['nodenext', 'tsconfig.json'],
    ['bundler', 'tsconfig.bundler.json'],
  ])('typechecks under moduleResolution %s', async (_resolution, tsconfig) => {
    const result = await run('npx', ['tsc', '--noEmit', '-p', tsconfig], project.dir)
    expect(result.stdout).toBe('')
    expect(result.code).toBe(0)
  })

  it('bundles the Worker (crdconv/worker) with wrangler deploy --dry-run', async () => {
    const outdir = join(project.dir, 'worker-out')
    const result = await run(
      'npx',
      ['wrangler', 'deploy', '--dry-run', '--outdir', outdir],
      project.dir
    )
    expect(result.stderr).not.toMatch(/ERROR/)
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('--dry-run: exiting now.')
    expect(readFileSync(join(outdir, 'worker.js'), 'utf8')).toContain('ConversionReview')
  })

  it('bundles the Lambda (crdconv/lambda) with esbuild as sam build does, and the bundle converts', async () => {
    const fn = webhookFunction(
      parseSamTemplate(readFileSync(join(project.dir, 'template.yaml'), 'utf8'))
    )
    const properties = fn.Metadata?.BuildProperties ?? {}
    const outdir = join(project.dir, '.aws-sam-build')
    const build = await run(
      'npx',
      ['esbuild', ...samEsbuildArguments(properties, outdir)],
      project.dir
    )
    expect(build.code).toBe(0)
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
      project.dir
    )
    expect(invoked.code).toBe(0)
    const result = lastLine(invoked.stdout) as { statusCode: number; body: string }
    expect(result.statusCode).toBe(200)
    expect(JSON.parse(result.body)).toMatchObject(convertedWidget)
  })

  it('passes its own npm test: typecheck and expectLosslessRoundTrips from crdconv/testing', async () => {
    const result = await run('npm', ['test'], project.dir)
    expect(result.stdout).toMatch(/Tests\s+1 passed/)
    expect(result.code).toBe(0)
  })

  it('answers a review for its kind from npm start', async () => {
    const server = await startServer(project.dir, ['--port', '0'])
    try {
      const response = await fetch(`${server.url}/convert`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(widgetReview('v1')),
      })
      expect(response.status).toBe(200)
      expect(await response.json()).toMatchObject(convertedWidget)
    } finally {
      server.stop()
    }
  })

  it('prints the CRD with crdconv crd --scheme src/scheme.ts', async () => {
    const result = await run(
      'npx',
      ['crdconv', 'crd', '--scheme', 'src/scheme.ts', '--url', 'https://example.com/convert'],
      project.dir
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
            clientConfig: { url: 'https://example.com/convert' },
          }),
        },
      },
    })
  })
})
