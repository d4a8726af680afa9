// A loopback TCP proxy that puts network distance between a client and a server: every chunk
// waits `oneWayMs` in each direction, and a new connection pays one round trip before its first
// byte moves, as a TCP handshake does. It forwards bytes, so TLS passes through untouched.
import { createServer, connect, type AddressInfo, type Socket } from 'node:net'

export interface DistanceProxyOptions {
  /** Where connections go: the webhook's host and port. */
  readonly targetHost: string
  readonly targetPort: number
  /** Delay added in each direction, in ms: a round trip is twice this. */
  readonly oneWayMs: number
  /** Port to listen on, on 127.0.0.1; 0 (default) picks a free one. */
  readonly port?: number
}

export interface DistanceProxy {
  /** The port clients connect to, on 127.0.0.1. */
  readonly port: number
  /** Connections accepted so far: a new TCP (and TLS) handshake each. */
  readonly connections: () => number
  /** Changes the delay of every chunk sent from now on, in open connections too. */
  readonly setOneWayMs: (oneWayMs: number) => void
  readonly close: () => Promise<void>
}

/**
 * Starts a proxy on 127.0.0.1 that adds `oneWayMs` each way in front of `targetHost:targetPort`.
 *
 * @example
 * ```ts
 * const proxy = await startDistanceProxy({ targetHost: '127.0.0.1', targetPort: 8443, oneWayMs: 10 })
 * // the CRD's webhook URL: https://127.0.0.1:${proxy.port}/convert (20 ms round trip)
 * await proxy.close()
 * ```
 */
export async function startDistanceProxy(options: DistanceProxyOptions): Promise<DistanceProxy> {
  let oneWayMs = checkedDelay(options.oneWayMs)
  let accepted = 0
  const open = new Set<Socket>()
  const server = createServer((client) => {
    accepted += 1
    const upstream = connect(options.targetPort, options.targetHost)
    open.add(client).add(upstream)
    // the handshake's round trip: nothing moves before it is over
    const readyAt = Date.now() + 2 * oneWayMs
    relay(client, upstream, () => Math.max(0, readyAt - Date.now()) + oneWayMs)
    relay(upstream, client, () => oneWayMs)
    const forget = () => {
      open.delete(client)
      open.delete(upstream)
    }
    client.once('close', forget)
    upstream.once('close', forget)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => accepted,
    setOneWayMs: (next) => {
      oneWayMs = checkedDelay(next)
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of open) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

/**
 * Forwards `from` to `to`, each chunk after `delayMs()`. Chunks keep their order: they wait in
 * one queue, each due no earlier than the one before, and one timer sends what is due. An end or
 * an error travels with the same delay.
 */
function relay(from: Socket, to: Socket, delayMs: () => number): void {
  // a timer per chunk would not do: timers of other lengths due at the same ms fire in any order
  const queue: { due: number; action: () => void }[] = []
  let timer: NodeJS.Timeout | undefined
  const sendDue = () => {
    timer = undefined
    while (queue.length > 0 && queue[0]!.due <= Date.now()) queue.shift()!.action()
    if (queue.length > 0) timer = setTimeout(sendDue, queue[0]!.due - Date.now())
  }
  const later = (action: () => void) => {
    const due = Math.max(Date.now() + delayMs(), queue.at(-1)?.due ?? 0)
    queue.push({ due, action })
    timer ??= setTimeout(sendDue, due - Date.now())
  }
  let ended = false
  from.on('data', (chunk: Buffer) => later(() => to.destroyed || to.write(chunk)))
  from.once('end', () => {
    ended = true
    later(() => to.end())
  })
  // a close without an end is an abort (an error or a reset): pass it on as one
  from.once('close', () => ended || later(() => to.destroy()))
  from.on('error', () => undefined)
}

function checkedDelay(oneWayMs: number): number {
  if (!Number.isFinite(oneWayMs) || oneWayMs < 0) {
    throw new RangeError(`oneWayMs must be a number of ms from 0 up, got ${oneWayMs}`)
  }
  return oneWayMs
}
