import type { APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SettingsError } from '../../../packages/webhook/src/http/index.ts'
import { lambdaHandler } from '../../../packages/webhook/src/platform/lambda/index.ts'
import { nodeServer } from '../../../packages/webhook/src/platform/node/index.ts'
import { workerApp } from '../../../packages/webhook/src/platform/worker/index.ts'
import { createScheme } from '../../../packages/webhook/src/scheme/index.ts'
import { functionUrlEvent, resultToResponse } from '../../support/lambda-events.ts'
import { conversionReview } from '../../support/review-factory.ts'
import { chainedVolume } from '../../support/resource-factory.ts'

const scheme = createScheme([chainedVolume])
const TOKEN = 'a'.repeat(40)
const volumeReview = JSON.stringify(
  conversionReview({
    desiredAPIVersion: 'storage.example.com/v1',
    objects: [
      {
        apiVersion: 'storage.example.com/v1alpha1',
        kind: 'Volume',
        metadata: { name: 'v' },
        size: 2,
      },
    ],
  })
)
const post = { method: 'POST', headers: { 'content-type': 'application/json' }, body: volumeReview }

describe("platform builders: an author's own scheme with the platform's settings", () => {
  afterEach(() => {
    vi.unstubAllEnvs()
    vi.restoreAllMocks()
  })

  it('workerApp: converts at /convert/<token> when the bindings hold CONVERT_TOKEN, 404 elsewhere', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {})
    const app = workerApp(scheme)
    const env = { CONVERT_TOKEN: TOKEN }
    const converted = await app.request(`/convert/${TOKEN}`, post, env)
    const body = (await converted.json()) as {
      response: { convertedObjects: { capacityGiB: number }[] }
    }
    expect(converted.status).toBe(200)
    expect(body.response.convertedObjects[0]?.capacityGiB).toBe(2)
    expect((await app.request('/convert', post, env)).status).toBe(404)
  })

  it('lambdaHandler: reads CONVERT_TOKEN from the environment at cold start', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {})
    vi.stubEnv('CONVERT_TOKEN', TOKEN)
    const handler = lambdaHandler(scheme)
    const invoke = async (url: string) => {
      const event: unknown = functionUrlEvent({
        method: 'POST',
        url,
        headers: post.headers,
        body: volumeReview,
      })
      const result = await handler(event as Parameters<typeof handler>[0], {} as Context)
      return resultToResponse(result as APIGatewayProxyStructuredResultV2)
    }
    const converted = await invoke(`/convert/${TOKEN}?timeout=30s`)
    expect(converted.status).toBe(200)
    expect(await converted.text()).toContain('"capacityGiB":2')
    expect((await invoke('/convert?timeout=30s')).status).toBe(404)
  })

  it('nodeServer: reads CONVERT_* from its environment, and its options win over them', async () => {
    const environment = { CONVERT_TOKEN: TOKEN, CONVERT_MAX_BODY_BYTES: '10' }
    const server = await nodeServer(scheme, {
      port: 0,
      environment,
      maxBodyBytes: 64 * 1024,
      log: () => {},
    })
    try {
      const converted = await fetch(`${server.url}/convert/${TOKEN}`, post)
      expect(converted.status).toBe(200)
      expect(await converted.text()).toContain('"capacityGiB":2')
      expect((await fetch(`${server.url}/convert`, post)).status).toBe(404)
    } finally {
      await server.close()
    }
  })

  it('nodeServer: refuses an unusable setting before it listens, naming the variable', () => {
    const start = () => nodeServer(scheme, { port: 0, environment: { CONVERT_MAX_DEPTH: 'deep' } })
    expect(start).toThrow(SettingsError)
    expect(start).toThrow(/CONVERT_MAX_DEPTH/)
  })
})
