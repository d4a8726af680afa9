// The tests `crdconv init` writes for the project's two serverless entries: the Worker bundle that
// `wrangler deploy` uploads, served by workerd, and the Lambda handler fed Function URL events.
// Both send ConversionReviews built from the project's own scheme, so they follow its edits.

/** Where `npm run build:worker` (`wrangler deploy --dry-run`) writes the Worker bundle. */
export const WORKER_BUNDLE_DIR = 'dist/worker'

/**
 * The project's test files beside `test/scheme.test.ts`, keyed by path. The entries' round trips
 * are the kit's (`expectRoundTripsThrough`), so they and `crdconv check` give one verdict.
 */
export function platformTestFiles(workersTestPool: string): Readonly<Record<string, string>> {
  return {
    'vitest.config.ts': `import { existsSync } from 'node:fs'
import { cloudflareTest } from '${workersTestPool}'
import { defineConfig } from 'vitest/config'
import { TEST_TOKEN } from './test/test-token.ts'

const WORKER_BUNDLE = './${WORKER_BUNDLE_DIR}/worker.js'
if (!existsSync(WORKER_BUNDLE)) {
  throw new Error(\`\${WORKER_BUNDLE} is missing: npm run build:worker writes it (npm test does)\`)
}

export default defineConfig({
  test: {
    // the webhook's log lines would bury the report; a failing test still shows its output
    silent: 'passed-only',
    projects: [
      {
        test: {
          name: 'node',
          include: ['test/**/*.test.ts'],
          // round trips of generated objects: a large imported schema takes a while
          testTimeout: 120_000,
          exclude: ['test/worker.test.ts'],
          // the Lambda reads its settings from the environment at cold start
          env: { CONVERT_TOKEN: TEST_TOKEN },
        },
      },
      {
        plugins: [
          cloudflareTest({
            // the bundle \`wrangler deploy\` uploads (\`npm run build:worker\`), with wrangler.toml's settings
            main: WORKER_BUNDLE,
            wrangler: { configPath: './wrangler.toml' },
            // stands in for \`wrangler secret put CONVERT_TOKEN\`
            miniflare: { bindings: { CONVERT_TOKEN: TEST_TOKEN } },
          }),
        ],
        test: { name: 'workers', include: ['test/worker.test.ts'], testTimeout: 120_000 },
      },
    ],
  },
})
`,
    'test/test-token.ts': `// The path token the tests give the Worker and the Lambda: at least 32 characters.
export const TEST_TOKEN = 'test-token-0123456789abcdef0123456789'
`,
    'test/worker.test.ts': `/// <reference types="${workersTestPool}/types" />
// The Worker that \`wrangler deploy\` uploads, inside workerd: vitest.config.ts serves the bundle
// \`npm run build:worker\` wrote, with a CONVERT_TOKEN secret.
import { SELF } from 'cloudflare:test'
import { expectRoundTripsThrough } from 'crdconv/testing'
import { describe, expect, it } from 'vitest'
import { scheme } from '../src/scheme.ts'
import { TEST_TOKEN } from './test-token.ts'

const post = (path: string, body: string): Promise<Response> =>
  SELF.fetch(\`https://webhook.example\${path}\`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, */*' },
    body,
  })

describe('the Worker bundle inside workerd', () => {
  it('converts objects of every version to every version and back at /convert/<token>', async () => {
    // the objects and the comparison of expectLosslessRoundTrips (test/scheme.test.ts)
    await expectRoundTripsThrough(scheme, async (review) => {
      const response = await post(\`/convert/\${TEST_TOKEN}?timeout=30s\`, review)
      return { status: response.status, body: await response.text() }
    })
  })

  it('answers 404 at /convert without the token', async () => {
    const response = await post('/convert?timeout=30s', '{}')
    expect(response.status).toBe(404)
  })

  it('answers GET /healthz', async () => {
    const response = await SELF.fetch('https://webhook.example/healthz')
    expect(await response.json()).toEqual({ status: 'ok' })
  })
})
`,
    'test/lambda.test.ts': `// The Lambda handler fed what a Function URL (AuthType NONE) sends it: payload format 2.0.
// vitest.config.ts sets CONVERT_TOKEN in the environment, as the function's configuration does.
import { expectRoundTripsThrough } from 'crdconv/testing'
import { describe, expect, it } from 'vitest'
import { handler } from '../src/lambda.ts'
import { scheme } from '../src/scheme.ts'
import { TEST_TOKEN } from './test-token.ts'

function functionUrlEvent(method: string, path: string, body?: string) {
  const [rawPath = path, rawQueryString = ''] = path.split('?')
  const domainName = 'abcdefghijklmnopqrstuvwxyz012345.lambda-url.eu-west-1.on.aws'
  const http = {
    method,
    path: rawPath,
    protocol: 'HTTP/1.1',
    sourceIp: '203.0.113.7',
    userAgent: 'kube-apiserver-admission',
  }
  const event = {
    version: '2.0',
    routeKey: '$default',
    rawPath,
    rawQueryString,
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, */*',
      host: domainName,
      'x-forwarded-proto': 'https',
      'x-forwarded-for': http.sourceIp,
      'user-agent': http.userAgent,
    },
    queryStringParameters: Object.fromEntries(new URLSearchParams(rawQueryString)),
    requestContext: {
      accountId: 'anonymous',
      apiId: 'abcdefghijklmnopqrstuvwxyz012345',
      domainName,
      domainPrefix: 'abcdefghijklmnopqrstuvwxyz012345',
      http,
      requestId: '84545120-9bda-41af-9b45-6bd9fb4503a6',
      routeKey: '$default',
      stage: '$default',
      time: '21/Nov/2026:12:00:00 +0000',
      timeEpoch: 1_795_262_400_000,
    },
    body,
    isBase64Encoded: false,
  }
  // hono's event type asks for an authorizer, which a Function URL with AuthType NONE never sends
  return event as unknown as Parameters<typeof handler>[0]
}

describe('the Lambda handler behind a Function URL', () => {
  it('converts objects of every version to every version and back at /convert/<token>', async () => {
    await expectRoundTripsThrough(scheme, async (review) => {
      const path = \`/convert/\${TEST_TOKEN}?timeout=30s\`
      const result = await handler(functionUrlEvent('POST', path, review))
      return { status: result.statusCode, body: result.body }
    })
  })

  it('answers 404 at /convert without the token', async () => {
    const result = await handler(functionUrlEvent('POST', '/convert?timeout=30s', '{}'))
    expect(result.statusCode).toBe(404)
  })
})
`,
  }
}
