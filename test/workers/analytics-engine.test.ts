// The Worker's metrics in workerd: one Workers Analytics Engine data point per request where the
// CRDCONV_METRICS binding is configured. Miniflare's local dataset (wrangler.toml's binding)
// accepts points but keeps none, so what is written is read from a recording binding instead.
import { createExecutionContext, env, SELF, waitOnExecutionContext } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import worker from '../../examples/worker.ts'
import {
  ANALYTICS_ENGINE_BINDING,
  ANALYTICS_ENGINE_BLOBS,
  ANALYTICS_ENGINE_DOUBLES,
  type AnalyticsEngineDataset,
} from '../../packages/webhook/src/metrics/index.ts'
import { postJson, TOKEN } from '../support/hardening-fixtures.ts'
import { conversionReview, cronTabV1, cronTabV1beta1 } from '../support/review-factory.ts'

type Point = Parameters<AnalyticsEngineDataset['writeDataPoint']>[0]

/** The Worker with a recording dataset (and `bindings`) in place of the configured one. */
async function callRecorded(init: RequestInit, bindings: Record<string, unknown> = {}) {
  const points: Point[] = []
  const dataset: AnalyticsEngineDataset = { writeDataPoint: (point) => void points.push(point) }
  const context = createExecutionContext()
  const path = typeof bindings['CONVERT_TOKEN'] === 'string' ? '/convert/wrong' : '/convert'
  const request = new Request(`https://crdconv.example${path}`, init)
  const response = await worker.fetch(
    request,
    { ...env, [ANALYTICS_ENGINE_BINDING]: dataset, ...bindings },
    context
  )
  await waitOnExecutionContext(context)
  return { response, points }
}

/** A point's blobs and doubles by the names the docs give them. */
const named = (point: Point | undefined) => ({
  ...Object.fromEntries(ANALYTICS_ENGINE_BLOBS.map((name, i) => [name, point?.blobs?.[i]])),
  ...Object.fromEntries(ANALYTICS_ENGINE_DOUBLES.map((name, i) => [name, point?.doubles?.[i]])),
})

const pair = {
  group: 'example.com',
  kind: 'CronTab',
  crd_name: 'crontabs.example.com',
  from_version: 'v1beta1',
  to_version: 'v1',
}

describe('the Worker’s Workers Analytics Engine points', () => {
  it('has the binding wrangler.toml configures, and converts with it', async () => {
    expect(
      typeof (env as Record<string, AnalyticsEngineDataset>)[ANALYTICS_ENGINE_BINDING]
        ?.writeDataPoint
    ).toBe('function')
    const response = await SELF.fetch(
      'https://crdconv.example/convert',
      postJson(conversionReview())
    )
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ response: { result: { status: 'Success' } } })
  })

  it('writes one point per review, by CRD and version pair, indexed by CRD', async () => {
    const objects = [cronTabV1beta1({ name: 'a' }), cronTabV1beta1({ name: 'b' })]
    const { response, points } = await callRecorded(postJson(conversionReview({ objects })))
    expect(response.status).toBe(200)
    expect(points).toHaveLength(1)
    expect(points[0]?.indexes).toEqual(['crontabs.example.com'])
    const point = named(points[0])
    expect(point).toMatchObject({
      metric: 'crdconv_reviews_total',
      ...pair,
      outcome: 'Success',
      reason: '',
      crdconv_objects_converted_total: 2,
      crdconv_conversion_failures_total: 0,
    })
    expect(point.crdconv_review_duration_seconds).toBeGreaterThanOrEqual(0)
    expect(point.crdconv_converter_duration_seconds).toBeGreaterThanOrEqual(0)
  })

  it('counts a Failed review’s objects under their pair and reason', async () => {
    const review = conversionReview({
      desiredAPIVersion: 'example.com/v9',
      objects: [cronTabV1({ name: 'a' })],
    })
    const { points } = await callRecorded(postJson(review))
    expect(named(points[0])).toMatchObject({
      metric: 'crdconv_reviews_total',
      outcome: 'Failed',
      crdconv_objects_converted_total: 0,
    })
    expect(points[0]?.doubles?.[1]).toBeGreaterThan(0)
  })

  it.each([
    [
      'a request refused before any conversion, with its reason',
      { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' },
      {},
      { metric: 'crdconv_bad_requests_total', reason: 'wrong_content_type', crd_name: '' },
    ],
    [
      'a wrong path token',
      postJson(conversionReview()),
      { CONVERT_TOKEN: TOKEN },
      { metric: 'crdconv_wrong_token_requests_total', crd_name: '' },
    ],
  ])('writes %s', async (_, init, bindings, expected) => {
    const { points } = await callRecorded(init as RequestInit, bindings)
    expect(points).toHaveLength(1)
    expect(named(points[0])).toMatchObject(expected)
  })

  it('writes nothing, and still converts, without the binding', async () => {
    const { [ANALYTICS_ENGINE_BINDING]: _configured, ...unbound } = env as Record<string, unknown>
    const context = createExecutionContext()
    const request = new Request('https://crdconv.example/convert', postJson(conversionReview()))
    const response = await worker.fetch(request, unbound, context)
    await waitOnExecutionContext(context)
    expect(response.status).toBe(200)
  })
})
