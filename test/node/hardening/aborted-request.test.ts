import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createApp, type ReviewLogEntry } from '../../../packages/webhook/src/http/index.ts'
import {
  nodeServer,
  type RunningServer,
} from '../../../packages/webhook/src/platform/node/index.ts'
import { exampleScheme } from '../../../examples/index.ts'
import { reviewRequest, throwingScheme } from '../../support/hardening-fixtures.ts'

const entries: ReviewLogEntry[] = []
const errors: unknown[][] = []
let server: RunningServer

beforeAll(async () => {
  vi.spyOn(console, 'error').mockImplementation((...line: unknown[]) => void errors.push(line))
  server = await nodeServer(exampleScheme, {
    port: 0,
    allowUnauthenticated: true,
    log: (entry) => entries.push(entry),
  })
})
afterAll(async () => {
  vi.restoreAllMocks()
  await server.close()
})

/** Sends the headers and part of the body, then closes the socket, as a timed-out client does. */
function abortMidBody(framing: string, partialBody: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1', () => {
      socket.write(
        `POST /convert HTTP/1.1\r\nHost: crdconv\r\nContent-Type: application/json\r\n${framing}\r\n\r\n${partialBody}`
      )
      setTimeout(() => socket.destroy(), 100)
    })
    socket.once('close', () => resolve())
    socket.once('error', reject)
  })
}

describe('a client that aborts mid-body', () => {
  it.each([
    ['a Content-Length body', 'Content-Length: 1000', '{"apiVersion":'],
    ['a chunked body', 'Transfer-Encoding: chunked', '5\r\n{"api\r\n'],
  ])(
    'is logged as an aborted request, not an internal error, on %s',
    async (_name, framing, part) => {
      const before = entries.length
      errors.length = 0
      await abortMidBody(framing, part)
      await expect.poll(() => entries.length, { timeout: 5_000 }).toBe(before + 1)
      expect(entries.at(-1)).toMatchObject({
        outcome: 'Aborted',
        status: 400,
        problem: 'the client closed the connection before the body ended (ECONNRESET)',
      })
      expect(errors).toEqual([])
    }
  )

  it('is told apart in process too: a body stream that fails is an aborted request', async () => {
    const logged: ReviewLogEntry[] = []
    const app = createApp({
      allowUnauthenticated: true,
      scheme: exampleScheme,
      log: (entry) => logged.push(entry),
    })
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"apiVersion":'))
        controller.error(new Error('connection reset'))
      },
    })
    const response = await app.request('/convert', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit)
    expect(response.status).toBe(400)
    expect(logged).toMatchObject([{ outcome: 'Aborted' }])
  })

  it('leaves the internal-error path, with its stack, to real bugs', async () => {
    errors.length = 0
    const app = createApp({
      allowUnauthenticated: true,
      scheme: throwingScheme(new TypeError('bug')),
      log: () => {},
    })
    const response = await app.request('/convert', reviewRequest())
    expect(response.status).toBe(500)
    const line = JSON.parse(String(errors[0]?.[0])) as { message: string; stack: string[] }
    expect(line.message).toBe('internal error')
    expect(line.stack.length).toBeGreaterThan(0)
  })
})
