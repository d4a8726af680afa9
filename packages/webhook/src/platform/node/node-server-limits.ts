// How long the Node server waits for a client, and how many it serves at once. Node's own
// defaults (headers 60 s, request 300 s, no connection cap) let a client that sends nothing, or
// trickles a body, hold a socket for minutes; the API server gives up on a webhook after 30 s.
import {
  NODE_SERVER_VARIABLES,
  parsePositiveInteger,
  SettingsError,
  variableReader,
} from '../../http/index.ts'

export { NODE_SERVER_VARIABLES }

/** How long the API server's webhook client keeps an idle connection (Go's `IdleConnTimeout`). */
export const API_SERVER_IDLE_CONNECTION_SECONDS = 90

export interface NodeServerLimits {
  /**
   * Seconds an idle keep-alive connection stays open after its last answer: longer than the API
   * server keeps one, so that it, not the webhook, closes it (no new handshake after a pause).
   */
  readonly keepAliveTimeoutSeconds: number
  /**
   * Seconds a client has to send all request headers (over HTTPS, to finish its handshake), from
   * the moment it connects: a connection that sends nothing is closed then.
   */
  readonly headersTimeoutSeconds: number
  /** Seconds a client has to send the whole request: a little over the API server's 30 s. */
  readonly requestTimeoutSeconds: number
  /**
   * Most connections open at once. A new one past it takes the place of the connection that has
   * waited the longest without sending a request, else of the one idle the longest after its
   * answer; with every connection mid-request, the new one is closed.
   */
  readonly maxConnections: number
  /** Most connections open at once from one remote address, with the same eviction order. */
  readonly maxConnectionsPerSource: number
  /** Most reviews read or converted at once; past it `/convert` answers 429 with `Retry-After`. */
  readonly maxReviewsInFlight: number
}

export const DEFAULT_NODE_SERVER_LIMITS: NodeServerLimits = {
  keepAliveTimeoutSeconds: API_SERVER_IDLE_CONNECTION_SECONDS + 5,
  headersTimeoutSeconds: 10,
  requestTimeoutSeconds: 35,
  maxConnections: 1_000,
  maxConnectionsPerSource: 100,
  maxReviewsInFlight: 16,
}

/**
 * The limits set in an environment (`process.env`); absent or blank variables are left out so
 * defaults apply. Throws a `SettingsError` naming the variable for a value that cannot work.
 *
 * @example
 * ```ts
 * const limits = readNodeServerLimits({ CONVERT_REQUEST_TIMEOUT_SECONDS: '40' })
 * ```
 */
export function readNodeServerLimits(environment: unknown): Partial<NodeServerLimits> {
  const read = variableReader(environment)
  const limits: { -readonly [Key in keyof NodeServerLimits]?: number } = {}
  for (const [key, name] of Object.entries(NODE_SERVER_VARIABLES)) {
    const value = read(name)
    if (value !== undefined)
      limits[key as keyof NodeServerLimits] = parsePositiveInteger(value, name)
  }
  return limits
}

/** The limits with their defaults, checked: headers must be due before the whole request. */
export function resolveNodeServerLimits(limits: Partial<NodeServerLimits> = {}): NodeServerLimits {
  const resolved = { ...DEFAULT_NODE_SERVER_LIMITS, ...limits }
  if (resolved.headersTimeoutSeconds > resolved.requestTimeoutSeconds) {
    throw new SettingsError(
      `${NODE_SERVER_VARIABLES.headersTimeoutSeconds} (${resolved.headersTimeoutSeconds}) must not be over ${NODE_SERVER_VARIABLES.requestTimeoutSeconds} (${resolved.requestTimeoutSeconds})`
    )
  }
  return resolved
}

/**
 * Options for `http.createServer`/`https.createServer`: the timeouts, and how often Node looks
 * for connections past them (its default, 30 s, would let a 10 s timeout run to 40 s).
 */
export function nodeServerOptions(limits: NodeServerLimits) {
  return {
    keepAliveTimeout: limits.keepAliveTimeoutSeconds * 1000,
    headersTimeout: limits.headersTimeoutSeconds * 1000,
    requestTimeout: limits.requestTimeoutSeconds * 1000,
    connectionsCheckingInterval: Math.min(1000, (limits.headersTimeoutSeconds * 1000) / 4),
  }
}
