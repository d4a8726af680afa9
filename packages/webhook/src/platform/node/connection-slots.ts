// Who holds the Node server's connections. Node's own `maxConnections` refuses every new
// connection at the cap while idle keep-alive ones sit for 95 s (50 sockets, each opened by one
// GET /healthz, locked out every new client); here a new connection takes the place of another,
// overall and per remote address: first the one that has waited the longest without sending a
// request (100 silent sockets from one address locked it out until their headers timeout), then
// the one idle the longest after its answer. Each connection also remembers which
// certificate it was accepted under, so a renewal can retire the connections made before it:
// each at its next answer, never while idle, since closing an idle keep-alive connection races
// the client's next request on it (Go does not resend a POST it wrote: the API server sees EOF).
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

export interface ConnectionCaps {
  readonly maxConnections: number
  readonly maxConnectionsPerSource: number
}

/** The certificate new connections get, and how many requests came on connections of each. */
export interface CertificateGenerations {
  /** 0 for the certificate the server started with, one more after each renewal. */
  readonly current: number
  /** Requests that arrived on connections accepted under certificate `generation`. */
  requestsServed(generation: number): number
}

export interface ConnectionSlots {
  readonly certificates: CertificateGenerations
  /**
   * Call right after the server takes a new certificate: a connection accepted under an older
   * one closes after the answer it is writing, or else its next (sent with `Connection: close`),
   * so each client's next request comes on a connection served with the new certificate. One
   * idle until then is left for the client to drop (its idle timeout is below the keep-alive).
   */
  certificateRenewed(): void
  /**
   * Call as the server closes: idle connections, and those no request has come on yet, are
   * closed; every answer still to be written goes out with `Connection: close`. `server.close()`
   * then never waits for a client to drop a connection at its idle timeout (90 s for Go).
   */
  closing(): void
}

interface Connection {
  readonly socket: Socket
  readonly source: string
  readonly generation: number
  /** The answers being written on it. */
  readonly answering: Set<ServerResponse>
  requestsServed: number
  /**
   * When it opened, or last became idle after an answer, as a sequence number: the smallest has
   * waited the longest.
   */
  waitingSince: number
}

/**
 * Watches `server`'s connections and keeps them within `caps`: a new connection past a cap
 * evicts one that has sent no request yet, else one idle after its answer, each the longest
 * waiting first; one in the middle of a request is never evicted. Use instead of
 * `server.maxConnections`, which it must not be combined with.
 *
 * @example
 * ```ts
 * const slots = guardConnections(server, { maxConnections: 1000, maxConnectionsPerSource: 100 })
 * server.setSecureContext(renewed)
 * slots.certificateRenewed()
 * ```
 */
export function guardConnections(server: Server, caps: ConnectionCaps): ConnectionSlots {
  const open = new Map<Socket, Connection>()
  const byAddress = new Map<string, Connection>()
  const perSource = new Map<string, number>()
  const requestsByGeneration = new Map<number, number>()
  let generation = 0
  let sequence = 0
  let closing = false

  const addressKey = (socket: Socket) => `${socket.remoteAddress}|${socket.remotePort}`
  /** Which connection a newcomer may take the place of: none mid-request, silent ones first. */
  const evictable = (source?: string): Connection | undefined => {
    let first: Connection | undefined
    for (const connection of open.values()) {
      if (connection.answering.size > 0) continue
      if (source !== undefined && connection.source !== source) continue
      if (first === undefined || evictsBefore(connection, first)) first = connection
    }
    return first
  }
  /** Makes room for one more connection from `source`; false when every slot is busy. */
  const makeRoom = (source: string): boolean => {
    if ((perSource.get(source) ?? 0) >= caps.maxConnectionsPerSource) {
      const victim = evictable(source)
      if (victim === undefined) return false
      forget(victim)
      victim.socket.destroy()
    }
    if (open.size >= caps.maxConnections) {
      const victim = evictable()
      if (victim === undefined) return false
      forget(victim)
      victim.socket.destroy()
    }
    return true
  }
  const forget = (connection: Connection) => {
    if (!open.delete(connection.socket)) return
    byAddress.delete(addressKey(connection.socket))
    const left = (perSource.get(connection.source) ?? 1) - 1
    if (left === 0) perSource.delete(connection.source)
    else perSource.set(connection.source, left)
  }

  server.on('connection', (socket: Socket) => {
    const source = socket.remoteAddress ?? ''
    if (!makeRoom(source)) {
      socket.destroy()
      return
    }
    const connection: Connection = {
      socket,
      source,
      generation,
      answering: new Set(),
      requestsServed: 0,
      waitingSince: ++sequence,
    }
    open.set(socket, connection)
    byAddress.set(addressKey(socket), connection)
    perSource.set(source, (perSource.get(source) ?? 0) + 1)
    socket.once('close', () => forget(connection))
  })

  // before the app's listener, which may answer at once
  server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
    const connection = byAddress.get(addressKey(request.socket))
    if (connection === undefined) return
    connection.answering.add(response)
    connection.requestsServed++
    const served = requestsByGeneration.get(connection.generation) ?? 0
    requestsByGeneration.set(connection.generation, served + 1)
    if (closing || connection.generation < generation) response.setHeader('connection', 'close')
    response.once('close', () => {
      connection.answering.delete(response)
      connection.waitingSince = ++sequence
    })
  })

  return {
    certificates: {
      get current() {
        return generation
      },
      requestsServed: (of) => requestsByGeneration.get(of) ?? 0,
    },
    certificateRenewed() {
      generation++
      closeAfterPendingAnswers()
    },
    closing() {
      closing = true
      closeAfterPendingAnswers()
      // Node's close() leaves a connection no request has come on yet (Go dials spares) open
      for (const connection of open.values()) {
        if (connection.answering.size > 0) continue
        forget(connection)
        connection.socket.destroy()
      }
    },
  }

  /** Node closes a connection after an answer sent with `Connection: close`. */
  function closeAfterPendingAnswers(): void {
    for (const connection of open.values()) {
      for (const response of connection.answering) {
        if (!response.headersSent) response.setHeader('connection', 'close')
      }
    }
  }
}

/**
 * A connection no request has come on (a silent socket, headers that never end, a spare the
 * client dialed) costs the least to close and is what a client that locks others out holds, so
 * it goes before one idle after an answer, which a client such as the API server reuses.
 */
function evictsBefore(one: Connection, other: Connection): boolean {
  const oneSilent = one.requestsServed === 0
  if (oneSilent !== (other.requestsServed === 0)) return oneSilent
  return one.waitingSince < other.waitingSince
}
