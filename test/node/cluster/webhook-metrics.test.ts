// `status --metrics-url`'s reading of the webhook's side, against a real Node server: its /metrics
// read with the path token as a bearer token, summed per version pair of one CRD.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exampleScheme } from '../../../examples/index.ts'
import {
  readWebhookMetrics,
  webhookPairFigures,
} from '../../../packages/crdconv/src/webhook-health/webhook-metrics.ts'
import { webhookMetricsLines } from '../../../packages/crdconv/src/lifecycle/status-webhook-metrics.ts'
import {
  nodeServer,
  type RunningWebhookServer,
} from '../../../packages/webhook/src/platform/node/index.ts'
import { postJson, TOKEN } from '../../support/hardening-fixtures.ts'
import { conversionReview, cronTabV1, cronTabV1beta1 } from '../../support/review-factory.ts'

const CRD = 'crontabs.example.com'

describe('the webhook’s side of status, read from a real Node server', () => {
  let server: RunningWebhookServer
  beforeAll(async () => {
    server = await nodeServer(exampleScheme, {
      port: 0,
      tokens: [TOKEN],
      metrics: 'token',
      environment: {},
      log: () => {},
    })
    const send = (review: unknown) => fetch(`${server.url}/convert/${TOKEN}`, postJson(review))
    const objects = [cronTabV1beta1({ name: 'a' }), cronTabV1beta1({ name: 'b' })]
    expect((await send(conversionReview({ objects }))).status).toBe(200)
    expect((await send(conversionReview({ objects: objects.slice(0, 1) }))).status).toBe(200)
    // a version the CronTab does not have: Failed, counted under v1 → v9
    const failed = conversionReview({ desiredAPIVersion: 'example.com/v9', objects: [cronTabV1()] })
    expect((await send(failed)).status).toBe(200)
  })
  afterAll(() => server?.close())

  it('sums reviews, objects, failures and latency per version pair', async () => {
    const text = await readWebhookMetrics(`${server.url}/metrics`, { token: TOKEN })
    const pairs = webhookPairFigures(text, CRD)
    expect(pairs.find((pair) => pair.toVersion === 'v1')).toMatchObject({
      fromVersion: 'v1beta1',
      reviews: 2,
      failedReviews: 0,
      objects: 3,
      failedObjects: 0,
    })
    const upgraded = pairs.find((pair) => pair.toVersion === 'v1')
    expect(upgraded?.meanReviewSeconds).toBeGreaterThan(0)
    expect(webhookMetricsLines({ pairs }).join('\n')).toContain(
      'v1beta1 → v1: 2 reviews (0 Failed), 3 objects converted, 0 failed'
    )
  })

  it('counts a Failed review under its own pair', async () => {
    const text = await readWebhookMetrics(`${server.url}/metrics`, { token: TOKEN })
    const failed = webhookPairFigures(text, CRD).filter((pair) => pair.failedReviews > 0)
    expect(failed).toMatchObject([{ fromVersion: 'v1', reviews: 1, failedReviews: 1, objects: 0 }])
  })

  it('says what answered when the token is wrong, never the token', async () => {
    await expect(readWebhookMetrics(`${server.url}/metrics`, { token: 'wrong' })).rejects.toThrow(
      /GET http:\/\/127\.0\.0\.1:\d+\/metrics: HTTP 401/
    )
  })

  it('names the gap between the API server’s round trip and the webhook’s own time', () => {
    const pair = {
      fromVersion: 'v1beta1',
      toVersion: 'v1',
      reviews: 4,
      failedReviews: 0,
      objects: 4,
      failedObjects: 0,
      meanReviewSeconds: 0.0015,
    }
    const lines = webhookMetricsLines({
      pairs: [pair],
      gap: { version: 'v1', apiServerMs: 25, webhookMs: 1.5 },
    })
    expect(lines.at(-1)).toBe(
      "  gap at v1: the API server's round trip 25.0 ms, the webhook's own 1.5 ms: 23.5 ms is the way between them (network, TLS handshakes, cold starts)"
    )
  })
})
