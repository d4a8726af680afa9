import type { APIGatewayProxyResult } from 'aws-lambda'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { handler } from '../../../examples/lambda.ts'
import { LAMBDA_MAX_BODY_BYTES } from '../../../packages/webhook/src/http/index.ts'
import { describeHttpContract } from '../../support/http-contract.ts'
import {
  functionUrlEvent,
  lambdaEvent,
  requestParts,
  resultToResponse,
  type HttpRequestParts,
  type LambdaEventKind,
} from '../../support/lambda-events.ts'
import { conversionReview, REVIEW_V1 } from '../../support/review-factory.ts'
import { seedRequest, seedResponse } from '../../support/seed-examples.ts'

// examples/lambda.ts reads its settings at import: these tests post to /convert without a token;
// given back after the file, since the files of a worker share its process.env
vi.hoisted(() => void vi.stubEnv('CONVERT_ALLOW_UNAUTHENTICATED', 'true'))
afterAll(() => void vi.unstubAllEnvs())

const invoke = async (event: unknown) =>
  (await handler(event as Parameters<typeof handler>[0])) as APIGatewayProxyResult

const KINDS: [string, LambdaEventKind][] = [
  ['a Function URL (payload 2.0)', 'function-url'],
  ['an API Gateway HTTP API (payload 2.0)', 'http-api'],
  ['an API Gateway REST API (payload 1.0)', 'rest-api'],
]

// the entry logs one JSON line per review to stdout; keep the test output readable
beforeAll(() => void vi.spyOn(console, 'log').mockImplementation(() => {}))
afterAll(() => void vi.restoreAllMocks())

describe.each(KINDS)('Lambda handler invoked by %s', (_name, kind) => {
  describeHttpContract(`Lambda handler, ${kind} events`, () => ({
    send: async (path, init) =>
      resultToResponse(await invoke(lambdaEvent[kind](requestParts(kind, path, init)))),
    maxBodyBytes: LAMBDA_MAX_BODY_BYTES,
  }))
})

describe('Lambda handler with real-shaped events', () => {
  const post = (body: string, extra: Partial<HttpRequestParts> = {}): HttpRequestParts => ({
    method: 'POST',
    url: '/convert?timeout=30s',
    headers: { 'content-type': 'application/json', accept: 'application/json, */*' },
    body,
    ...extra,
  })
  const errorOf = (result: APIGatewayProxyResult) =>
    (JSON.parse(result.body) as { error: string }).error

  it('answers a Function URL event with rawQueryString "timeout=30s" with the converted CronTabs', async () => {
    const event = functionUrlEvent(post(JSON.stringify(seedRequest(REVIEW_V1))))
    expect(event.rawQueryString).toBe('timeout=30s')
    const result = await invoke(event)
    expect(result.statusCode).toBe(200)
    expect(result.isBase64Encoded).toBe(false)
    expect(result.headers?.['content-type']).toMatch(/^application\/json/)
    expect(JSON.parse(result.body)).toEqual(seedResponse(REVIEW_V1))
  })

  it.each(KINDS)('decodes an isBase64Encoded body from %s', async (_name, kind) => {
    const event = lambdaEvent[kind](post(JSON.stringify(seedRequest(REVIEW_V1)), { base64: true }))
    expect(event.isBase64Encoded).toBe(true)
    expect(event.body).not.toContain('ConversionReview')
    const result = await invoke(event)
    expect(result.statusCode).toBe(200)
    expect(JSON.parse(result.body)).toEqual(seedResponse(REVIEW_V1))
  })

  it.each(KINDS)('answers GET /convert from %s with 405 and Allow: POST', async (_name, kind) => {
    const result = await invoke(lambdaEvent[kind]({ method: 'GET', url: '/convert?timeout=30s' }))
    const response = resultToResponse(result)
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('POST')
  })

  it('answers a GET that carries a body (which no fetch Request can hold) with a 4xx, never a 500', async () => {
    const result = await invoke(functionUrlEvent({ ...post('{}'), method: 'GET' }))
    expect(result.statusCode).toBeGreaterThanOrEqual(400)
    expect(result.statusCode).toBeLessThan(500)
  })

  it.each(KINDS)('answers malformed JSON from %s with 400', async (_name, kind) => {
    const result = await invoke(
      lambdaEvent[kind](post('{"apiVersion": "apiextensions.k8s.io/v1",'))
    )
    expect(result.statusCode).toBe(400)
    expect(errorOf(result)).toMatch(/not valid JSON/)
  })

  it.each(KINDS)('answers a review sent as text/plain from %s with 415', async (_name, kind) => {
    const review = JSON.stringify(conversionReview())
    const result = await invoke(
      lambdaEvent[kind](post(review, { headers: { 'content-type': 'text/plain' } }))
    )
    expect(result.statusCode).toBe(415)
    expect(errorOf(result)).toContain('application/json')
  })

  it('answers a review over the Lambda body limit with 413 that says what to do', async () => {
    const padding = 'x'.repeat(LAMBDA_MAX_BODY_BYTES)
    const result = await invoke(
      functionUrlEvent(post(JSON.stringify({ ...conversionReview(), padding })))
    )
    expect(result.statusCode).toBe(413)
    const error = errorOf(result)
    expect(error).toContain(`limit of ${LAMBDA_MAX_BODY_BYTES} bytes`)
    expect(error).toContain('6 MB')
    expect(error).toContain('not in your hands')
    expect(error).toContain('Cloudflare Workers')
  })

  it('takes a review just under the Lambda body limit', async () => {
    const review = conversionReview()
    const room = LAMBDA_MAX_BODY_BYTES - JSON.stringify({ ...review, padding: '' }).length
    const result = await invoke(
      functionUrlEvent(post(JSON.stringify({ ...review, padding: 'x'.repeat(room) })))
    )
    expect(result.statusCode).toBe(200)
  })
})
