import type { APIGatewayProxyEventV2 } from 'aws-lambda'
import { Agent, request as httpRequest } from 'node:http'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { handler } from '../../../examples/lambda.ts'
import {
  LAMBDA_MAX_BODY_BYTES,
  LAMBDA_REQUEST_PAYLOAD_BYTES,
  LAMBDA_RESPONSE_PAYLOAD_BYTES,
} from '../../../packages/webhook/src/http/index.ts'
import {
  startLambdaLocalServer,
  type FunctionUrlHandler,
  type LambdaLocalServerOptions,
} from '../../../packages/crdconv/src/lambda-local/index.ts'
import type { RunningServer } from '../../../packages/webhook/src/platform/node/index.ts'
import { describeHttpContract } from '../../support/http-contract.ts'
import { fetchOverNode } from '../../support/node-fetch.ts'
import { makeSelfSignedCertificate } from '../../support/self-signed-certificate.ts'

// examples/lambda.ts reads its settings at import: these tests post to /convert without a token;
// given back after the file, since the files of a worker share its process.env
vi.hoisted(() => void vi.stubEnv('CONVERT_ALLOW_UNAUTHENTICATED', 'true'))
afterAll(() => void vi.unstubAllEnvs())

// the entry logs one JSON line per review to stdout; keep the test output readable
beforeAll(() => void vi.spyOn(console, 'log').mockImplementation(() => {}))
afterAll(() => void vi.restoreAllMocks())

describe.each([
  ['HTTP', undefined],
  ['HTTPS with a self-signed certificate', makeSelfSignedCertificate()],
])('local Lambda runner over %s', (name, tls) => {
  let server: RunningServer
  beforeAll(async () => {
    server = await startLambdaLocalServer({
      handler: handler as FunctionUrlHandler,
      port: 0,
      hostname: '127.0.0.1',
      ...(tls ? { tls } : {}),
    })
  })
  afterAll(() => server.close())

  describeHttpContract(`local Lambda runner over ${name}`, () => ({
    send: (path, init) => fetchOverNode(server.url + path, init, tls?.cert),
    maxBodyBytes: LAMBDA_MAX_BODY_BYTES,
  }))
})

describe('local Lambda runner, as a Function URL', () => {
  const running: RunningServer[] = []
  afterEach(async () => {
    await Promise.all(running.splice(0).map((server) => server.close()))
  })

  /** A runner around a stand-in handler that records each event and answers `answer(event)`. */
  const start = async (
    answer: (event: APIGatewayProxyEventV2) => unknown = () => ({ statusCode: 204 }),
    options: Partial<LambdaLocalServerOptions> = {}
  ) => {
    const events: APIGatewayProxyEventV2[] = []
    const logged: string[] = []
    const server = await startLambdaLocalServer({
      handler: async (event) => {
        events.push(event)
        return answer(event)
      },
      port: 0,
      hostname: '127.0.0.1',
      log: (message) => logged.push(message),
      ...options,
    })
    running.push(server)
    const send = (path: string, init: RequestInit) => fetchOverNode(server.url + path, init)
    return { send, events, logged }
  }
  const postJson = (body: string, headers: Record<string, string> = {}): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  })

  it('turns a request into a payload 2.0 event: raw path and query, lowercase headers, text body', async () => {
    const { send, events } = await start()
    await send(
      '/convert?timeout=30s',
      postJson('{"kind":"ConversionReview"}', { 'X-Trace': 'a', cookie: 'a=1; b=2' })
    )
    const [event] = events
    expect(event).toMatchObject({
      version: '2.0',
      routeKey: '$default',
      rawPath: '/convert',
      rawQueryString: 'timeout=30s',
      queryStringParameters: { timeout: '30s' },
      cookies: ['a=1', 'b=2'],
      body: '{"kind":"ConversionReview"}',
      isBase64Encoded: false,
      requestContext: {
        accountId: 'anonymous',
        routeKey: '$default',
        stage: '$default',
        http: { method: 'POST', path: '/convert', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1' },
      },
    })
    expect(event?.headers).toMatchObject({ 'content-type': 'application/json', 'x-trace': 'a' })
    expect(event?.headers).not.toHaveProperty('cookie')
  })

  it('base64-encodes a body whose content type is not text, as Function URLs do', async () => {
    const { send, events } = await start()
    await send('/convert', {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: 'raw bytes',
    })
    expect(events[0]?.isBase64Encoded).toBe(true)
    expect(Buffer.from(events[0]?.body ?? '', 'base64').toString()).toBe('raw bytes')
  })

  it('writes the result back: status, headers, cookies, base64 bodies decoded', async () => {
    const { send } = await start(() => ({
      statusCode: 201,
      headers: { 'content-type': 'text/plain', 'x-answer': 42 },
      cookies: ['session=1'],
      body: Buffer.from('made').toString('base64'),
      isBase64Encoded: true,
    }))
    const response = await send('/', { method: 'GET' })
    expect(response.status).toBe(201)
    expect(response.headers.get('x-answer')).toBe('42')
    expect(response.headers.get('set-cookie')).toBe('session=1')
    expect(await response.text()).toBe('made')
  })

  it('answers a result without statusCode as 200 application/json, as Function URLs do', async () => {
    const { send } = await start(() => ({ converted: true }))
    const response = await send('/', { method: 'GET' })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json')
    expect(await response.json()).toEqual({ converted: true })
  })

  it('refuses an event over 6 MB with 413 before invoking, counting the body as escaped inside the event', async () => {
    const { send, events } = await start()
    // 4 MB of quotes: under 6 MB as a body, about 8 MB once escaped into the event JSON
    const body = JSON.stringify({ padding: '"'.repeat(2 * 1024 * 1024) })
    expect(Buffer.byteLength(body)).toBeLessThan(LAMBDA_REQUEST_PAYLOAD_BYTES)
    const response = await send('/convert', postJson(body))
    expect(response.status).toBe(413)
    expect(((await response.json()) as { Message: string }).Message).toContain(
      String(LAMBDA_REQUEST_PAYLOAD_BYTES)
    )
    expect(events).toHaveLength(0)
  })

  it('refuses a body over 6 MB with 413 without invoking', async () => {
    const { send, events } = await start()
    const response = await send('/convert', postJson('x'.repeat(LAMBDA_REQUEST_PAYLOAD_BYTES + 1)))
    expect(response.status).toBe(413)
    expect(events).toHaveLength(0)
  })

  it('answers 502 when the result is over the 6 MB response limit', async () => {
    const { send, logged } = await start(() => ({
      statusCode: 200,
      body: 'x'.repeat(LAMBDA_RESPONSE_PAYLOAD_BYTES),
    }))
    const response = await send('/', { method: 'GET' })
    expect(response.status).toBe(502)
    expect(logged.join('\n')).toContain('response payload')
  })

  it('answers 502 when the handler throws, and logs why', async () => {
    const { send, logged } = await start(() => {
      throw new Error('boom')
    })
    const response = await send('/', { method: 'GET' })
    expect(response.status).toBe(502)
    expect(logged.join('\n')).toContain('boom')
  })

  it('answers 502 when the handler outlives the function timeout', async () => {
    const { send, logged } = await start(() => new Promise(() => {}), { timeoutSeconds: 0.05 })
    const response = await send('/', { method: 'GET' })
    expect(response.status).toBe(502)
    expect(logged.join('\n')).toContain('timed out')
  })

  it("keeps an idle connection past Node's 5 s default, as the API server's client expects", async () => {
    await start()
    const server = running[0] as RunningServer
    const agent = new Agent({ keepAlive: true })
    const get = () =>
      new Promise<boolean>((resolve, reject) => {
        const outgoing = httpRequest(`${server.url}/`, { agent }, (response) => {
          response.resume()
          response.on('end', () => resolve(outgoing.reusedSocket))
        })
        outgoing.on('error', reject)
        outgoing.end()
      })
    expect(await get()).toBe(false)
    await new Promise((resolve) => setTimeout(resolve, 5_500))
    expect(await get()).toBe(true)
    agent.destroy()
  }, 60_000)
})
