import type { APIGatewayProxyResult } from 'aws-lambda'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { handler } from '../../../examples/lambda.ts'
import { functionUrlEvent, type HttpRequestParts } from '../../support/lambda-events.ts'
import { conversionReview, cronTabV1beta1 } from '../../support/review-factory.ts'

interface EmbeddedMetrics {
  readonly Timestamp: number
  readonly CloudWatchMetrics: readonly {
    readonly Namespace: string
    readonly Dimensions: readonly (readonly string[])[]
    readonly Metrics: readonly { readonly Name: string; readonly Unit: string }[]
  }[]
}
type Line = Record<string, unknown> & { _aws: EmbeddedMetrics }

// examples/lambda.ts reads its settings at import: these tests post to /convert without a token;
// given back after the file, since the files of a worker share its process.env
vi.hoisted(() => void vi.stubEnv('CONVERT_ALLOW_UNAUTHENTICATED', 'true'))
afterAll(() => void vi.unstubAllEnvs())

/** Invokes the handler as a Function URL would and gives back the lines it wrote to stdout. */
async function linesOf(parts: HttpRequestParts): Promise<Line[]> {
  const lines: string[] = []
  const spy = vi.spyOn(console, 'log').mockImplementation((line: string) => lines.push(line))
  ;(await handler(
    functionUrlEvent(parts) as unknown as Parameters<typeof handler>[0]
  )) as APIGatewayProxyResult
  spy.mockRestore()
  return lines.map((line) => JSON.parse(line) as Line)
}

const post = (body: string, contentType = 'application/json'): HttpRequestParts => ({
  method: 'POST',
  url: '/convert?timeout=30s',
  headers: { 'content-type': contentType },
  body,
})

/** What CloudWatch requires of an EMF line: every metric and dimension named is a root field. */
function expectEmbeddedMetricFormat(line: Line) {
  expect(typeof line._aws.Timestamp).toBe('number')
  for (const directive of line._aws.CloudWatchMetrics) {
    expect(directive.Namespace).toBe('crdconv')
    for (const dimension of directive.Dimensions.flat())
      expect(typeof line[dimension]).toBe('string')
    for (const metric of directive.Metrics) expect(typeof line[metric.Name]).toBe('number')
  }
}

afterEach(() => void vi.restoreAllMocks())

describe('the Lambda handler’s metrics (CloudWatch Embedded Metric Format)', () => {
  it('ride in the one log line of a review, by CRD, version pair and outcome', async () => {
    const objects = [cronTabV1beta1({ name: 'a' }), cronTabV1beta1({ name: 'b' })]
    const lines = await linesOf(post(JSON.stringify(conversionReview({ uid: 'emf', objects }))))
    expect(lines).toHaveLength(1)
    const [line] = lines as [Line]
    expectEmbeddedMetricFormat(line)
    expect(line).toMatchObject({
      message: 'conversion review',
      uid: 'emf',
      outcome: 'Success',
      group: 'example.com',
      kind: 'CronTab',
      crd_name: 'crontabs.example.com',
      from_version: 'v1beta1',
      to_version: 'v1',
      crdconv_reviews_total: 1,
      crdconv_objects_converted_total: 2,
      crdconv_conversion_failures_total: 0,
    })
    expect(line['crdconv_review_duration_seconds']).toBeGreaterThan(0)
    expect(line._aws.CloudWatchMetrics[0]?.Dimensions).toEqual([
      ['group', 'kind', 'crd_name', 'from_version', 'to_version', 'outcome'],
    ])
    expect(JSON.stringify(line)).not.toContain('"a"')
  })

  it('count failed objects with the reason', async () => {
    const objects = [cronTabV1beta1({ hostPort: 'nope' })]
    const [line] = (await linesOf(post(JSON.stringify(conversionReview({ objects }))))) as [Line]
    expectEmbeddedMetricFormat(line)
    expect(line).toMatchObject({
      outcome: 'Failed',
      reason: 'converter_error',
      crdconv_conversion_failures_total: 1,
      crdconv_objects_converted_total: 0,
    })
  })

  it.each([
    ['a body that is not JSON', post('{'), 'invalid_review'],
    ['a body that is not JSON by its content type', post('{}', 'text/plain'), 'wrong_content_type'],
  ])('count %s as a bad request, by reason', async (_name, parts, reason) => {
    const [line] = (await linesOf(parts)) as [Line]
    expectEmbeddedMetricFormat(line)
    expect(line).toMatchObject({ reason, crdconv_bad_requests_total: 1 })
    expect(line._aws.CloudWatchMetrics[0]?.Dimensions).toEqual([['reason']])
  })
})
