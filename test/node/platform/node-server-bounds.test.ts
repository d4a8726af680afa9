// The Node server's bounds, with real sockets on loopback: reviews in flight (429 with
// Retry-After), connection caps that evict connections with no request yet first, then idle
// keep-alive ones, a cap per source address, and TLS 1.2 with AEAD suites only.
import { get as getHttp } from 'node:http'
import { get as getHttps } from 'node:https'
import { connect as connectTls } from 'node:tls'
import { afterEach, describe, expect, it } from 'vitest'
import { createApp } from '../../../packages/webhook/src/http/index.ts'
import {
  nodeServer,
  startNodeServer,
  type RunningNodeServer,
} from '../../../packages/webhook/src/platform/node/index.ts'
import type { NodeServerLimits } from '../../../packages/webhook/src/platform/node/node-server-limits.ts'
import { exampleScheme } from '../../../examples/index.ts'
import { TOKEN } from '../../support/hardening-fixtures.ts'
import { conversionReview } from '../../support/review-factory.ts'
import {
  closeOpenedSockets,
  openMidRequest,
  openSocket,
  receive,
  type OpenSocket,
} from '../../support/loopback-sockets.ts'
import { makeSelfSignedCertificate } from '../../support/self-signed-certificate.ts'

const app = createApp({ allowUnauthenticated: true, scheme: exampleScheme, log: () => {} })
let server: RunningNodeServer | undefined

afterEach(async () => {
  closeOpenedSockets()
  await server?.close()
  server = undefined
})

const open = openSocket

/** `GET /healthz` on a new connection from `localAddress`: the status line, or `closed`. */
async function healthz(port: number, localAddress?: string): Promise<string> {
  const socket = await open(port, localAddress)
  socket.on('error', () => {})
  socket.write('GET /healthz HTTP/1.1\r\nHost: crdconv\r\n\r\n')
  const answered = receive(socket, '\r\n').then(
    () => socket.received().split('\r\n', 1)[0] as string,
    () => 'closed'
  )
  return answered
}

/** `GET /healthz` on a new connection from `localAddress` by Node's client: the status, or `closed`. */
function healthzOver(url: string, localAddress: string): Promise<number | 'closed'> {
  const get = url.startsWith('https:') ? getHttps : getHttp
  return new Promise((resolve) => {
    const options = { localAddress, agent: false, rejectUnauthorized: false, timeout: 20_000 }
    const outgoing = get(`${url}/healthz`, options, (answer) => {
      answer.resume()
      answer.once('end', () => resolve(answer.statusCode ?? 0))
    })
    outgoing.once('timeout', () => outgoing.destroy())
    outgoing.once('error', () => resolve('closed'))
  })
}

/** Resolves once the server has taken `count` requests: they are in, no longer in transit. */
async function requestsArrived(count: number): Promise<void> {
  const seen = () => server?.certificates.requestsServed(0)
  await expect.poll(seen, { timeout: 20_000 }).toBeGreaterThanOrEqual(count)
}

async function serve(limits: Partial<NodeServerLimits>) {
  server = await startNodeServer({ app, port: 0, hostname: '127.0.0.1', limits })
  return Number(new URL(server.url).port)
}

describe('reviews in flight on the Node server', () => {
  const review = JSON.stringify(conversionReview())
  const head = (path: string) =>
    `POST ${path} HTTP/1.1\r\nHost: crdconv\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${Buffer.byteLength(review)}\r\nExpect: 100-continue\r\n\r\n`

  it('answers 429 with Retry-After past the cap while slow reviews are read, and converts again once they end', async () => {
    server = await nodeServer(exampleScheme, {
      port: 0,
      tokens: [TOKEN],
      limits: { maxReviewsInFlight: 2 },
      environment: {},
      log: () => {},
    })
    const port = Number(new URL(server.url).port)
    // each slow client sends its headers, is told to go on, and holds its body back
    const slow = await Promise.all([open(port), open(port)])
    for (const socket of slow) socket.write(head(`/convert/${TOKEN}`))
    await Promise.all(slow.map((socket) => receive(socket, 'HTTP/1.1 100 Continue')))

    const refused = await fetch(`${server.url}/convert/${TOKEN}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: review,
    })
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('1')
    expect(await refused.json()).toMatchObject({
      kind: 'Status',
      code: 429,
      reason: 'TooManyRequests',
      message: expect.stringContaining('CONVERT_MAX_REVIEWS_IN_FLIGHT'),
    })

    const [first] = slow as [OpenSocket, OpenSocket]
    first.write(review)
    await receive(first, '"convertedObjects"')
    expect(first.received()).toMatch(/HTTP\/1\.1 200/)
    const again = await fetch(`${server.url}/convert/${TOKEN}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: review,
    })
    expect(again.status).toBe(200)
  })

  it('does not count a wrong token against the cap: it gets the same 404 as ever', async () => {
    server = await nodeServer(exampleScheme, {
      port: 0,
      tokens: [TOKEN],
      limits: { maxReviewsInFlight: 1 },
      environment: {},
      log: () => {},
    })
    const port = Number(new URL(server.url).port)
    const slow = await open(port)
    slow.write(head(`/convert/${TOKEN}`))
    await receive(slow, 'HTTP/1.1 100 Continue')
    const wrong = await fetch(`${server.url}/convert/${'x'.repeat(48)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: review,
    })
    expect(wrong.status).toBe(404)
  })
})

describe('connection caps on the Node server', () => {
  it('closes the longest idle keep-alive connection to let a new client in (cap 50, 50 idle sockets from GET /healthz)', async () => {
    const port = await serve({ maxConnections: 50 })
    const idle = await Promise.all(Array.from({ length: 50 }, () => open(port)))
    for (const socket of idle) socket.write('GET /healthz HTTP/1.1\r\nHost: crdconv\r\n\r\n')
    await Promise.all(idle.map((socket) => receive(socket, '{"status":"ok"}')))

    expect(await healthz(port)).toBe('HTTP/1.1 200 OK')
    await expect.poll(() => idle.filter((socket) => socket.destroyed).length).toBeGreaterThan(0)
  })

  it('still refuses a new connection when every slot is mid-request: nothing to evict', async () => {
    const port = await serve({ maxConnections: 3 })
    const busy = await Promise.all(Array.from({ length: 3 }, () => openMidRequest(port)))
    await requestsArrived(3)
    expect(await healthz(port)).toBe('closed')
    expect(busy.every((socket) => !socket.destroyed)).toBe(true)
  })

  it('caps the connections from one source address and lets other sources in', async () => {
    const port = await serve({ maxConnectionsPerSource: 2 })
    await Promise.all([openMidRequest(port), openMidRequest(port)])
    await requestsArrived(2)
    expect(await healthz(port, '127.0.0.1')).toBe('closed')
    expect(await healthz(port, '127.0.0.2')).toBe('HTTP/1.1 200 OK')
  })

  it('evicts an idle connection of the same source past the per-source cap', async () => {
    const port = await serve({ maxConnectionsPerSource: 1 })
    const idle = await open(port)
    idle.write('GET /healthz HTTP/1.1\r\nHost: crdconv\r\n\r\n')
    await receive(idle, '{"status":"ok"}')
    expect(await healthz(port)).toBe('HTTP/1.1 200 OK')
    await idle.ended
  })

  it.each([
    ['HTTP', false],
    ['HTTPS', true],
  ])(
    'answers a new %s request from an address whose 100 connections sent nothing (the default cap per source)',
    async (_, secure) => {
      const tls = secure ? makeSelfSignedCertificate() : undefined
      server = await startNodeServer({
        app,
        port: 0,
        hostname: '127.0.0.1',
        ...(tls === undefined ? {} : { tls }),
      })
      const port = Number(new URL(server.url).port)
      const silent = await Promise.all(Array.from({ length: 100 }, () => open(port)))
      for (const socket of silent) socket.on('error', () => {})

      expect(await healthzOver(server.url, '127.0.0.1')).toBe(200)
      await expect.poll(() => silent.filter((socket) => socket.destroyed).length).toBe(1)
    }
  )

  it('evicts the connection that has waited longest with no request, before one idle after its answer', async () => {
    const port = await serve({ maxConnectionsPerSource: 3 })
    const silentOldest = await open(port)
    const idle = await open(port)
    idle.write('GET /healthz HTTP/1.1\r\nHost: crdconv\r\n\r\n')
    await receive(idle, '{"status":"ok"}')
    const headersNeverEnd = await open(port)
    headersNeverEnd.write('POST /convert HTTP/1.1\r\nHost: crdconv\r\n')

    expect(await healthz(port)).toBe('HTTP/1.1 200 OK')
    await silentOldest.ended
    expect(await healthz(port)).toBe('HTTP/1.1 200 OK')
    await headersNeverEnd.ended
    expect(idle.destroyed).toBe(false)
  })

  it('reads both caps from the CONVERT_* environment', async () => {
    server = await nodeServer(exampleScheme, {
      port: 0,
      environment: { CONVERT_MAX_CONNECTIONS_PER_SOURCE: '1' },
      allowUnauthenticated: true,
      log: () => {},
    })
    const port = Number(new URL(server.url).port)
    await openMidRequest(port)
    await requestsArrived(1)
    expect(await healthz(port)).toBe('closed')
  })
})

describe('TLS on the Node server', () => {
  const tlsServer = async () => {
    server = await startNodeServer({
      app,
      port: 0,
      hostname: '127.0.0.1',
      tls: makeSelfSignedCertificate(),
    })
    return Number(new URL(server.url).port)
  }
  /** A TLS 1.2 handshake offering only `ciphers`: the suite agreed, or the error. */
  const handshake = (port: number, ciphers: string) =>
    new Promise<string>((resolve) => {
      const socket = connectTls({
        port,
        host: '127.0.0.1',
        maxVersion: 'TLSv1.2',
        ciphers,
        rejectUnauthorized: false,
      })
      socket.once('secureConnect', () => {
        resolve(socket.getCipher().name)
        socket.destroy()
      })
      socket.once('error', (error) => resolve(`refused: ${error.message}`))
    })

  it.each([
    ['ECDHE-ECDSA-AES128-GCM-SHA256'],
    ['ECDHE-ECDSA-AES256-GCM-SHA384'],
    ['ECDHE-ECDSA-CHACHA20-POLY1305'],
  ])('accepts TLS 1.2 with the AEAD suite %s', async (suite) => {
    expect(await handshake(await tlsServer(), suite)).toBe(suite)
  })

  it.each([
    ['ECDHE-ECDSA-AES128-SHA256'],
    ['ECDHE-ECDSA-AES256-SHA384'],
    ['ECDHE-ECDSA-AES128-SHA'],
  ])('refuses a TLS 1.2 client that offers only the CBC suite %s', async (suite) => {
    expect(await handshake(await tlsServer(), suite)).toMatch(/^refused: /)
  })

  it('speaks TLS 1.3', async () => {
    const port = await tlsServer()
    const version = await new Promise<string | null>((resolve, reject) => {
      const socket = connectTls({ port, host: '127.0.0.1', rejectUnauthorized: false })
      socket.once('secureConnect', () => {
        resolve(socket.getProtocol())
        socket.destroy()
      })
      socket.once('error', reject)
    })
    expect(version).toBe('TLSv1.3')
  })
})
