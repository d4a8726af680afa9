import { Agent, request } from 'node:http'
import { connect as tlsConnect, type TLSSocket } from 'node:tls'
import { Hono } from 'hono'
import { afterEach, describe, expect, it } from 'vitest'
import { createApp, SettingsError } from '../../../packages/webhook/src/http/index.ts'
import {
  nodeServer,
  startNodeServer,
  type RunningNodeServer,
} from '../../../packages/webhook/src/platform/node/index.ts'
import {
  API_SERVER_IDLE_CONNECTION_SECONDS,
  DEFAULT_NODE_SERVER_LIMITS,
  nodeServerOptions,
  readNodeServerLimits,
  resolveNodeServerLimits,
  type NodeServerLimits,
} from '../../../packages/webhook/src/platform/node/node-server-limits.ts'
import { exampleScheme } from '../../../examples/index.ts'
import {
  closeOpenedSockets,
  openedSockets,
  openMidRequest,
  openSocket,
} from '../../support/loopback-sockets.ts'
import { makeSelfSignedCertificate } from '../../support/self-signed-certificate.ts'

const app = createApp({ allowUnauthenticated: true, scheme: exampleScheme, log: () => {} })
let server: RunningNodeServer | undefined

afterEach(async () => {
  closeOpenedSockets()
  await server?.close()
  server = undefined
})

async function serve(limits: Partial<NodeServerLimits>) {
  server = await startNodeServer({ app, port: 0, hostname: '127.0.0.1', limits })
  return Number(new URL(server.url).port)
}

const open = openSocket

/** GET /healthz on a fresh connection: its status, or the error that ended it. */
function healthz(port: number): Promise<number | string> {
  return fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(5_000) }).then(
    (response) => response.status,
    (error: unknown) => String(error)
  )
}

describe('the Node server against clients that hold connections', () => {
  it('closes a connection that sends nothing once the headers timeout passes, with 408', async () => {
    const port = await serve({ headersTimeoutSeconds: 1, requestTimeoutSeconds: 2 })
    const silent = await open(port)
    await silent.ended
    expect(silent.received()).toMatch(/^HTTP\/1\.1 408/)
  })

  it('closes a connection to the HTTPS server that never starts its handshake at the headers timeout', async () => {
    server = await startNodeServer({
      app,
      port: 0,
      hostname: '127.0.0.1',
      tls: makeSelfSignedCertificate(),
      limits: { headersTimeoutSeconds: 1, requestTimeoutSeconds: 2 },
    })
    const silent = await open(Number(new URL(server.url).port))
    silent.on('error', () => {})
    await silent.ended
    expect(silent.received()).toBe('')
  })

  it('closes a connection whose headers never end', async () => {
    const port = await serve({ headersTimeoutSeconds: 1, requestTimeoutSeconds: 2 })
    const partial = await open(port)
    partial.write('POST /convert HTTP/1.1\r\nHost: crdconv\r\n')
    await partial.ended
    expect(partial.received()).toMatch(/^HTTP\/1\.1 408/)
  })

  it('cuts a trickled body at the request timeout', async () => {
    const port = await serve({ headersTimeoutSeconds: 1, requestTimeoutSeconds: 2 })
    const trickle = await open(port)
    trickle.write(
      'POST /convert HTTP/1.1\r\nHost: crdconv\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{'
    )
    const drip = setInterval(() => trickle.writable && trickle.write(' '), 200)
    await trickle.ended
    clearInterval(drip)
    expect(trickle.received()).toMatch(/^HTTP\/1\.1 408/)
  })

  it('keeps an idle connection longer than the API server does, so the API server closes it', () => {
    expect(nodeServerOptions(DEFAULT_NODE_SERVER_LIMITS).keepAliveTimeout).toBeGreaterThan(
      API_SERVER_IDLE_CONNECTION_SECONDS * 1000
    )
  })

  it('closes a keep-alive connection left idle after its answer', async () => {
    const port = await serve({ keepAliveTimeoutSeconds: 1 })
    const idle = await open(port)
    idle.write('GET /healthz HTTP/1.1\r\nHost: crdconv\r\n\r\n')
    await idle.ended
    expect(idle.received()).toMatch(/^HTTP\/1\.1 200/)
  })

  it('takes the timeouts from the CONVERT_* environment in nodeServer', async () => {
    const environment = {
      CONVERT_HEADERS_TIMEOUT_SECONDS: '1',
      CONVERT_REQUEST_TIMEOUT_SECONDS: '2',
    }
    server = await nodeServer(exampleScheme, {
      port: 0,
      environment,
      allowUnauthenticated: true,
      log: () => {},
    })
    const silent = await open(Number(new URL(server.url).port))
    await silent.ended
    expect(silent.received()).toMatch(/^HTTP\/1\.1 408/)
  })

  it('keeps answering /healthz while 300 idle connections are open, 100 from each of 3 other sources', async () => {
    const port = await serve({})
    const sources = ['127.0.0.2', '127.0.0.3', '127.0.0.4']
    await Promise.all(Array.from({ length: 300 }, (_, index) => open(port, sources[index % 3])))
    expect(await healthz(port)).toBe(200)
    expect(openedSockets().every((socket) => !socket.destroyed)).toBe(true)
  })

  it('refuses connections past the cap while every one is mid-request, and serves again once they close', async () => {
    const port = await serve({ maxConnections: 5 })
    const busy = await Promise.all(Array.from({ length: 5 }, () => openMidRequest(port)))
    await expect.poll(() => server?.certificates.requestsServed(0)).toBe(5)
    expect(await healthz(port)).not.toBe(200)
    for (const socket of busy) socket.destroy()
    await Promise.all(busy.map((socket) => socket.ended))
    await expect.poll(() => healthz(port), { timeout: 5_000 }).toBe(200)
  })
})

describe('the Node server as it closes', () => {
  /** GET `path` on `agent`'s kept-alive connection: the answer's Connection header. */
  const get = (url: string, agent: Agent) =>
    new Promise<string | undefined>((resolve, reject) => {
      const outgoing = request(url, { agent }, (answer) => {
        answer.resume()
        answer.on('end', () => resolve(answer.headers.connection))
      })
      outgoing.on('error', reject)
      outgoing.end()
    })
  // a client that keeps idle connections 60 s, as the API server keeps them 90 s
  const keepingAgent = () => new Agent({ keepAlive: true, timeout: 60_000 })
  const settledWithin = (done: Promise<void>, ms: number) =>
    Promise.race([
      done.then(() => 'closed'),
      new Promise((resolve) => setTimeout(() => resolve('still open'), ms)),
    ])

  it('closes a kept-alive idle connection at once', async () => {
    const port = await serve({})
    const agent = keepingAgent()
    expect(await get(`http://127.0.0.1:${port}/healthz`, agent)).toBe('keep-alive')
    const closing = server?.close() as Promise<void>
    server = undefined
    expect(await settledWithin(closing, 10_000)).toBe('closed')
    agent.destroy()
  })

  it.each([
    ['HTTP', false],
    ['HTTPS', true],
  ])(
    'closes a %s connection no request has come on yet at once (Go dials spare connections)',
    async (_, secure) => {
      const tls = secure ? makeSelfSignedCertificate() : undefined
      const running = await startNodeServer({
        app,
        port: 0,
        hostname: '127.0.0.1',
        ...(tls === undefined ? {} : { tls }),
      })
      const port = Number(new URL(running.url).port)
      const spare = secure
        ? await new Promise<TLSSocket>((resolve, reject) => {
            const socket = tlsConnect({ port, host: '127.0.0.1', rejectUnauthorized: false }, () =>
              resolve(socket)
            )
            socket.once('error', reject)
          })
        : await open(port)
      const ended = new Promise((resolve) => spare.once('close', resolve))
      expect(await settledWithin(running.close(), 10_000)).toBe('closed')
      await ended
      spare.destroy()
    }
  )

  it('answers a request pending at the close with Connection: close, and does not wait for the client to drop the connection', async () => {
    let started = () => {}
    const handlerStarted = new Promise<void>((resolve) => (started = resolve))
    let answer = () => {}
    const answered = new Promise<void>((resolve) => (answer = resolve))
    const slow = new Hono().get('/slow', async (context) => {
      started()
      await answered
      return context.text('done')
    })
    const running = await startNodeServer({ app: slow, port: 0, hostname: '127.0.0.1' })
    const agent = keepingAgent()
    const pending = get(`${running.url}/slow`, agent)
    await handlerStarted
    const closing = running.close()
    answer()
    expect(await pending).toBe('close')
    expect(await settledWithin(closing, 10_000)).toBe('closed')
    agent.destroy()
  })
})

describe('Node server limits', () => {
  it('reads each CONVERT_* variable and leaves blank ones to the defaults', () => {
    expect(
      readNodeServerLimits({
        CONVERT_KEEP_ALIVE_TIMEOUT_SECONDS: '3',
        CONVERT_HEADERS_TIMEOUT_SECONDS: ' 4 ',
        CONVERT_REQUEST_TIMEOUT_SECONDS: '40',
        CONVERT_MAX_CONNECTIONS: '',
      })
    ).toEqual({ keepAliveTimeoutSeconds: 3, headersTimeoutSeconds: 4, requestTimeoutSeconds: 40 })
  })

  it.each([
    [{ CONVERT_MAX_CONNECTIONS: '0' }, /CONVERT_MAX_CONNECTIONS must be a whole number above 0/],
    [{ CONVERT_REQUEST_TIMEOUT_SECONDS: '1.5' }, /CONVERT_REQUEST_TIMEOUT_SECONDS must be a whole/],
  ])('refuses %j', (environment, message) => {
    expect(() => readNodeServerLimits(environment)).toThrow(message)
  })

  it('refuses a headers timeout over the request timeout', () => {
    expect(() =>
      resolveNodeServerLimits({ headersTimeoutSeconds: 40, requestTimeoutSeconds: 35 })
    ).toThrow(SettingsError)
  })

  it('defaults to timeouts that fit the API server, which gives up after 30 s', () => {
    const options = nodeServerOptions(DEFAULT_NODE_SERVER_LIMITS)
    expect(options.requestTimeout).toBeGreaterThan(30_000)
    expect(options.requestTimeout).toBeLessThanOrEqual(40_000)
    expect(options.headersTimeout).toBeLessThan(options.requestTimeout)
    expect(options.connectionsCheckingInterval).toBeLessThanOrEqual(1_000)
  })
})
