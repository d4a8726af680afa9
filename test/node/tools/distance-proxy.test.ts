import { once } from 'node:events'
import { Agent, createServer as createHttpServer, request } from 'node:http'
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import {
  startDistanceProxy,
  type DistanceProxy,
} from '../../../tools/distance-proxy/distance-proxy.ts'

// timers may fire a millisecond early: lower bounds only, with that slack
const SLACK_MS = 2

let cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  await Promise.all(cleanups.map((cleanup) => cleanup()))
  cleanups = []
})

async function listening(server: Server): Promise<number> {
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  cleanups.push(() => new Promise((resolve) => server.close(resolve)))
  return (server.address() as AddressInfo).port
}

async function echoServer(): Promise<number> {
  return listening(createServer((socket) => socket.pipe(socket)))
}

async function proxyTo(port: number, oneWayMs: number): Promise<DistanceProxy> {
  const proxy = await startDistanceProxy({ targetHost: '127.0.0.1', targetPort: port, oneWayMs })
  cleanups.push(() => proxy.close())
  return proxy
}

async function connected(port: number): Promise<Socket> {
  const socket = connect(port, '127.0.0.1')
  await once(socket, 'connect')
  cleanups.push(async () => void socket.destroy())
  return socket
}

/** Sends `text` and waits until `length` bytes came back: the elapsed ms and what came back. */
async function roundTrip(socket: Socket, text: string, length = text.length) {
  const started = performance.now()
  let received = ''
  const done = new Promise<void>((resolve) => {
    const onData = (chunk: Buffer) => {
      received += chunk.toString('utf8')
      if (received.length >= length) {
        socket.off('data', onData)
        resolve()
      }
    }
    socket.on('data', onData)
  })
  socket.write(text)
  await done
  return { ms: performance.now() - started, received }
}

describe('the distance proxy', () => {
  it('adds its delay in each direction, and one round trip more for a new connection', async () => {
    const proxy = await proxyTo(await echoServer(), 40)
    // timed from before the connection: the handshake's delay runs from the proxy's accept, which
    // a busy event loop may run well before the client's own 'connect'
    const started = performance.now()
    const socket = await connected(proxy.port)
    const first = await roundTrip(socket, 'hello')
    expect(first.received).toBe('hello')
    expect(performance.now() - started).toBeGreaterThanOrEqual(4 * 40 - SLACK_MS)
    const second = await roundTrip(socket, 'again')
    expect(second.received).toBe('again')
    expect(second.ms).toBeGreaterThanOrEqual(2 * 40 - SLACK_MS)
    expect(proxy.connections()).toBe(1)
  })

  it('keeps every byte in order through many writes', async () => {
    const proxy = await proxyTo(await echoServer(), 5)
    const socket = await connected(proxy.port)
    const parts = Array.from({ length: 200 }, (_, index) => `${index},`)
    const expected = parts.join('')
    const done = roundTrip(socket, '', expected.length)
    for (const part of parts) socket.write(part)
    expect((await done).received).toBe(expected)
  })

  it('keeps bytes in order when they are sent during the handshake, ms apart', async () => {
    // each waits out the handshake, so all are due at once, each by a timer of another length
    const proxy = await proxyTo(await echoServer(), 40)
    const socket = await connected(proxy.port)
    const parts = Array.from({ length: 30 }, (_, index) => `${index},`)
    const expected = parts.join('')
    const done = roundTrip(socket, '', expected.length)
    for (const part of parts) {
      socket.write(part)
      await new Promise((resolve) => setTimeout(resolve, 2))
    }
    expect((await done).received).toBe(expected)
  })

  it('takes a new delay for what is sent after setOneWayMs', async () => {
    const proxy = await proxyTo(await echoServer(), 0)
    const socket = await connected(proxy.port)
    await roundTrip(socket, 'warm')
    proxy.setOneWayMs(30)
    expect((await roundTrip(socket, 'slow')).ms).toBeGreaterThanOrEqual(2 * 30 - SLACK_MS)
  })

  it('carries HTTP keep-alive requests, counting one connection for them', async () => {
    const server = createHttpServer((request, response) => response.end(request.url))
    const proxy = await proxyTo(await listening(server), 10)
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    cleanups.push(async () => agent.destroy())
    for (const path of ['/a', '/b', '/c']) {
      const answer = await fetchThrough(proxy.port, path, agent)
      expect(answer).toBe(path)
    }
    expect(proxy.connections()).toBe(1)
  })

  it('passes an end on to the other side', async () => {
    const server = createServer((socket) => socket.end('bye'))
    const proxy = await proxyTo(await listening(server), 5)
    const socket = connect(proxy.port, '127.0.0.1')
    let received = ''
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')))
    await once(socket, 'end')
    expect(received).toBe('bye')
  })

  it('refuses a negative delay', async () => {
    await expect(
      startDistanceProxy({ targetHost: '127.0.0.1', targetPort: 1, oneWayMs: -1 })
    ).rejects.toThrow(/oneWayMs must be a number of ms from 0 up/)
  })
})

async function fetchThrough(port: number, path: string, agent: Agent): Promise<string> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, agent }, (response) => {
      let body = ''
      response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
      response.on('end', () => resolve(body))
    })
      .on('error', reject)
      .end()
  })
}
