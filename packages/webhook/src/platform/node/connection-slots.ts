// Who holds the Node server's connections. Node's own `maxConnections` refuses every new
// connection at the cap while idle keep-alive ones sit for 95 s (50 sockets, each opened by one
// GET /healthz, locked out every new client); here a new connection takes the place of the one
// idle the longest, overall and per remote address. Each connection also remembers which
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
  /** When it last became idle, as a sequence number: the smallest is idle the longest. */
  idleSince: number
}

/**
 * Watches `server`'s connections and keeps them within `caps`, idle ones evicted first; use
 * instead of `server.maxConnections`, which it must not be combined with.
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
  const isIdle = (connection: Connection) =>
    connection.answering.size === 0 && connection.requestsServed > 0
  const idleLongest = (source?: string): Connection | undefined => {
    let oldest: Connection | undefined
    for (const connection of open.values()) {
      if (!isIdle(connection) || (source !== undefined && connection.source !== source)) continue
      if (oldest === undefined || connection.idleSince < oldest.idleSince) oldest = connection
    }
    return oldest
  }
  /** Makes room for one more connection from `source`; false when every slot is busy. */
  const makeRoom = (source: string): boolean => {
    if ((perSource.get(source) ?? 0) >= caps.maxConnectionsPerSource) {
      const victim = idleLongest(source)
      if (victim === undefined) return false
      forget(victim)
      victim.socket.destroy()
    }
    if (open.size >= caps.maxConnections) {
      const victim = idleLongest()
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
      idleSince: 0,
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
      connection.idleSince = ++sequence
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
