// The files the consumer tests add to a project, and what their scripts print.

// plain JavaScript, no TypeScript loader: a scheme and the webhook's Node server, one review
export const WEBHOOK_SCRIPT = `import { createScheme, defineResource } from '@crdconv/webhook'
import { nodeServer } from '@crdconv/webhook/node'
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
const server = await nodeServer(createScheme([note]), {
  port: 0,
  allowUnauthenticated: true,
  log: () => {},
})
const response = await fetch(server.url + '/convert', {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'ConversionReview',
    request: {
      uid: 'plain-1',
      desiredAPIVersion: 'plain.example.com/v2',
      objects: [{ apiVersion: 'plain.example.com/v1', kind: 'Note', metadata: { name: 'n' }, text: 'hello' }],
    },
  }),
})
console.log(JSON.stringify(await response.json()))
await server.close()
`
export const webhookAnswer = {
  response: {
    uid: 'plain-1',
    result: { status: 'Success' },
    convertedObjects: [{ apiVersion: 'plain.example.com/v2', body: 'hello' }],
  },
}

// the tooling's real-API-server helper from plain JavaScript (no binaries here: it says so)
export const API_SERVER_SCRIPT = `import { startTestApiServer, testApiServerAssets } from 'crdconv/api-server'
console.log(JSON.stringify({ start: typeof startTestApiServer, assets: testApiServerAssets('/nowhere') }))
`
export const apiServerAnswer = {
  start: 'function',
  assets: { skip: 'KUBEBUILDER_ASSETS=/nowhere has no etcd' },
}

// the same helper from TypeScript, checked with the project's sources
export const API_SERVER_TS = `import { startTestApiServer, testApiServerAssets, type TestApiServer } from 'crdconv/api-server'

/** A real API server when KUBEBUILDER_ASSETS has etcd and kube-apiserver, else why not. */
export async function apiServer(): Promise<TestApiServer | { skip: string }> {
  const found = testApiServerAssets()
  return 'skip' in found ? found : await startTestApiServer({ assets: found.assets })
}
`

// the bundle SAM builds, invoked with a Function URL event from the command line
export const INVOKE_LAMBDA = `const { handler } = await import(process.argv[2])
const result = await handler(JSON.parse(process.argv[3]), {})
console.log(JSON.stringify(result))
`

// the project's sources again, under moduleResolution bundler
export const BUNDLER_TSCONFIG = JSON.stringify({
  extends: './tsconfig.json',
  compilerOptions: { module: 'preserve', moduleResolution: 'bundler' },
})

/**
 * esbuild's arguments for a Node bundle of ESM output: the CommonJS packages inside (yaml, say)
 * `require` Node's modules, which an ES module has no `require` for unless the banner makes one.
 */
export const NODE_BUNDLE = [
  '--bundle',
  '--platform=node',
  '--format=esm',
  "--banner:js=import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
]
