import { getConnInfo } from '@hono/node-server/conninfo'
import type { APIGatewayProxyResult, Context as LambdaContext } from 'aws-lambda'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createApp, readSettings, SettingsError } from '../../../packages/webhook/src/http/index.ts'
import {
  startNodeServer,
  type RunningServer,
} from '../../../packages/webhook/src/platform/node/index.ts'
import { exampleScheme } from '../../../examples/index.ts'
import { reviewRequest, TOKEN } from '../../support/hardening-fixtures.ts'
import { conversionReview } from '../../support/review-factory.ts'

describe('source allow-list on the Node server (socket address)', () => {
  const servers: RunningServer[] = []
  const serve = async (allowedSources: string[]) => {
    const app = createApp({
      allowUnauthenticated: true,
      scheme: exampleScheme,
      allowedSources,
      getConnInfo,
      log: () => {},
    })
    const server = await startNodeServer({ app, port: 0, hostname: '127.0.0.1' })
    servers.push(server)
    return server
  }
  afterAll(() => Promise.all(servers.map((server) => server.close())))

  it('converts for a source inside an allowed range', async () => {
    const server = await serve(['10.0.0.0/8', '127.0.0.0/8'])
    const response = await fetch(`${server.url}/convert`, reviewRequest())
    expect(response.status).toBe(200)
  })

  it('answers 403 with a JSON error to a source outside every allowed range', async () => {
    const server = await serve(['10.0.0.0/8', '2001:db8::/32'])
    const response = await fetch(`${server.url}/convert`, reviewRequest())
    expect(response.status).toBe(403)
    expect(((await response.json()) as { error: string }).error).toContain('source address')
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
  })
})

describe('source allow-list without connection info', () => {
  it('refuses with 403 when the platform gives no address (app.request has none)', async () => {
    const app = createApp({
      allowUnauthenticated: true,
      scheme: exampleScheme,
      allowedSources: ['127.0.0.1'],
      getConnInfo,
      log: () => {},
    })
    expect((await app.request('/convert', reviewRequest())).status).toBe(403)
  })

  it('refuses to start with an allow-list but no getConnInfo, or with a bad range', () => {
    expect(() =>
      createApp({
        allowUnauthenticated: true,
        scheme: exampleScheme,
        allowedSources: ['10.0.0.0/8'],
      })
    ).toThrow(/passes no getConnInfo/)
    expect(() =>
      createApp({
        allowUnauthenticated: true,
        scheme: exampleScheme,
        allowedSources: ['10.0.0.0/99'],
        getConnInfo,
      })
    ).toThrow(SettingsError)
  })

  it('reads CONVERT_ALLOWED_SOURCES as a comma or space separated list', () => {
    expect(
      readSettings({ CONVERT_ALLOWED_SOURCES: '10.0.0.0/8, 192.0.2.7  2001:db8::/32' })
        .allowedSources
    ).toEqual(['10.0.0.0/8', '192.0.2.7', '2001:db8::/32'])
  })
})

describe('the Lambda entry, configured by its environment', () => {
  let handler: (event: unknown, context: LambdaContext) => Promise<APIGatewayProxyResult>
  beforeAll(async () => {
    vi.stubEnv('CONVERT_TOKEN', TOKEN)
    vi.stubEnv('CONVERT_ALLOWED_SOURCES', '203.0.113.0/24')
    // the entry reads its environment once, when imported: this file's copy is its own (the unit
    // project shares modules between files)
    vi.resetModules()
    handler = (await import('../../../examples/lambda.ts')).handler as typeof handler
  })
  afterAll(() => {
    vi.unstubAllEnvs()
    vi.resetModules()
  })

  const functionUrlEvent = (path: string, sourceIp: string) => ({
    version: '2.0',
    routeKey: '$default',
    rawPath: path,
    rawQueryString: 'timeout=30s',
    headers: { 'content-type': 'application/json', host: 'abc.lambda-url.eu-west-1.on.aws' },
    requestContext: {
      accountId: 'anonymous',
      apiId: 'abc',
      domainName: 'abc.lambda-url.eu-west-1.on.aws',
      domainPrefix: 'abc',
      http: { method: 'POST', path, protocol: 'HTTP/1.1', sourceIp, userAgent: 'kube-apiserver' },
      requestId: 'request-1',
      routeKey: '$default',
      stage: '$default',
      time: '21/Nov/2026:12:00:00 +0000',
      timeEpoch: 1_800_000_000_000,
    },
    body: JSON.stringify(conversionReview()),
    isBase64Encoded: false,
  })
  const restApiEvent = (path: string, sourceIp: string) => ({
    resource: '/{proxy+}',
    path,
    httpMethod: 'POST',
    headers: {
      'content-type': 'application/json',
      host: 'abc.execute-api.eu-west-1.amazonaws.com',
    },
    multiValueHeaders: {},
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    pathParameters: null,
    stageVariables: null,
    requestContext: { identity: { sourceIp }, path, stage: 'prod', requestId: 'request-2' },
    body: JSON.stringify(conversionReview()),
    isBase64Encoded: false,
  })
  const context = {} as LambdaContext

  it.each([
    ['a Function URL', functionUrlEvent],
    ['an API Gateway REST API', restApiEvent],
  ])('converts from an allowed source through %s at /convert/<token>', async (_name, event) => {
    const result = await handler(event(`/convert/${TOKEN}`, '203.0.113.9'), context)
    expect(result.statusCode).toBe(200)
  })

  it.each([
    ['a Function URL', functionUrlEvent],
    ['an API Gateway REST API', restApiEvent],
  ])('answers 403 to another source through %s', async (_name, event) => {
    const result = await handler(event(`/convert/${TOKEN}`, '198.51.100.1'), context)
    expect(result.statusCode).toBe(403)
  })

  it('answers 404 without the token', async () => {
    const result = await handler(functionUrlEvent('/convert', '203.0.113.9'), context)
    expect(result.statusCode).toBe(404)
  })
})
