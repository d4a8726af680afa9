// The container image of the webhook's Node server: its entry, the script that bundles it into
// one file, and the Containerfile that puts that file beside Node and nothing else.

/** The port the server listens on inside the pod; the Service answers on 443. */
export const SERVER_PORT = 8443

/** Where the chart mounts cert-manager's secret, and the variables that point the server at it. */
export const TLS_MOUNT = '/tls'
export const SERVER_TLS_ENVIRONMENT = {
  CONVERT_TLS_CERT_FILE: `${TLS_MOUNT}/tls.crt`,
  CONVERT_TLS_KEY_FILE: `${TLS_MOUNT}/tls.key`,
} as const

/** The one file the image runs: `src/server.ts` and everything it imports, bundled. */
export const SERVER_BUNDLE = 'dist/server/server.mjs'

/** The package.json script that writes it. */
export const SERVER_BUNDLE_SCRIPT = {
  'build:server': `esbuild src/server.ts --bundle --platform=node --format=esm --target=node20 --outfile=${SERVER_BUNDLE}`,
}

/** The image it builds on unless `--build-arg BASE=…` names another with Node at /nodejs/bin/node. */
export const DEFAULT_BASE_IMAGE = 'gcr.io/distroless/nodejs22-debian12:nonroot'

/** The entry, the Containerfile and what the build context leaves out, keyed by path. */
export const CONTAINER_IMAGE_FILES = {
  'src/server.ts': `// The Node server entry (Containerfile, chart/): the webhook in the cluster, configured by its
// environment (CONVERT_PORT, CONVERT_TLS_CERT_FILE, CONVERT_TLS_KEY_FILE, …).
import { runNodeServer } from '@crdconv/webhook/node'
import { scheme } from './scheme.ts'

// exported for test/server.test.ts, which starts this very bundle in its own process
export const server = await runNodeServer(scheme)
`,
  Containerfile: `# The webhook's Node server for the chart in chart/: Node and one bundled file, no node_modules,
# no shell, no package manager; runs as uid 65532.
#   npm run build:server && podman build -t <image> .
ARG BASE=${DEFAULT_BASE_IMAGE}
FROM \${BASE}
COPY ${SERVER_BUNDLE} /app/server.mjs
ENV CONVERT_HOST=0.0.0.0 CONVERT_PORT=${SERVER_PORT}
USER 65532:65532
ENTRYPOINT ["/nodejs/bin/node", "/app/server.mjs"]
`,
  // the context is the bundle only: sources, secrets and node_modules stay out
  '.containerignore': `*
!${SERVER_BUNDLE}
`,
} as const

/** The project's test of the bundle the image runs, under Node as the image runs it. */
export const SERVER_TEST_FILES = {
  'test/server.test.ts': `// The file the image runs (\`npm run build:server\`), started as the image starts it: by its
// environment only (vitest.config.ts sets CONVERT_TOKEN; here a free port, no stop delay).
import { expectRoundTripsThrough } from 'crdconv/testing'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { scheme } from '../src/scheme.ts'
import { TEST_TOKEN } from './test-token.ts'

interface RunningServer {
  readonly url: string
  close(): Promise<void>
}

const BUNDLE = new URL('../${SERVER_BUNDLE}', import.meta.url).href
let server: RunningServer | undefined

beforeAll(async () => {
  vi.stubEnv('CONVERT_PORT', '0')
  vi.stubEnv('CONVERT_SHUTDOWN_DELAY_SECONDS', '0')
  const bundle = (await import(BUNDLE)) as { server?: RunningServer }
  server = bundle.server
  if (server === undefined) throw new Error(\`\${BUNDLE} did not start: its message is above\`)
})
afterAll(() => server?.close())

const post = (path: string, body: string) =>
  fetch(\`\${server!.url}\${path}\`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, */*' },
    body,
  })

describe('the server bundle under Node, as the image runs it', () => {
  it('converts objects of every version to every version and back at /convert/<token>', async () => {
    await expectRoundTripsThrough(scheme, async (review) => {
      const response = await post(\`/convert/\${TEST_TOKEN}?timeout=30s\`, review)
      return { status: response.status, body: await response.text() }
    })
  })

  it('answers 404 at /convert without the token', async () => {
    expect((await post('/convert?timeout=30s', '{}')).status).toBe(404)
  })
})
`,
}
