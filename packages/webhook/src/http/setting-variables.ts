// Every `CONVERT_*` environment variable, by the setting it sets, and the one reader of them:
// Workers bindings and secrets, Lambda's environment, the Node server's environment.
import type { LimitAdvice } from '../review/index.ts'

/** The variables every platform reads: the same names on Workers, Lambda and Node. */
export const SETTING_VARIABLES = {
  tokens: ['CONVERT_TOKEN', 'CONVERT_TOKEN_NEXT'],
  allowUnauthenticated: 'CONVERT_ALLOW_UNAUTHENTICATED',
  allowedSources: 'CONVERT_ALLOWED_SOURCES',
  maxBodyBytes: 'CONVERT_MAX_BODY_BYTES',
  maxObjects: 'CONVERT_MAX_OBJECTS',
  maxDepth: 'CONVERT_MAX_DEPTH',
} as const

/** The Node server's own variables: its timeouts, connection caps and in-flight cap (no other platform has them). */
export const NODE_SERVER_VARIABLES = {
  keepAliveTimeoutSeconds: 'CONVERT_KEEP_ALIVE_TIMEOUT_SECONDS',
  headersTimeoutSeconds: 'CONVERT_HEADERS_TIMEOUT_SECONDS',
  requestTimeoutSeconds: 'CONVERT_REQUEST_TIMEOUT_SECONDS',
  maxConnections: 'CONVERT_MAX_CONNECTIONS',
  maxConnectionsPerSource: 'CONVERT_MAX_CONNECTIONS_PER_SOURCE',
  maxReviewsInFlight: 'CONVERT_MAX_REVIEWS_IN_FLIGHT',
} as const

/** Where `runNodeServer` (a container's entry) listens, its certificate, its stop, and who reads /metrics. */
export const NODE_LISTEN_VARIABLES = {
  port: 'CONVERT_PORT',
  hostname: 'CONVERT_HOST',
  tlsCertFile: 'CONVERT_TLS_CERT_FILE',
  tlsKeyFile: 'CONVERT_TLS_KEY_FILE',
  shutdownDelaySeconds: 'CONVERT_SHUTDOWN_DELAY_SECONDS',
  metrics: 'CONVERT_METRICS',
} as const

/** What a failure past a review limit tells the reader to do, naming the variable that raises it. */
export const LIMIT_ADVICE: LimitAdvice = {
  maxObjects: `set ${SETTING_VARIABLES.maxObjects} to raise it`,
  maxDepth: `set ${SETTING_VARIABLES.maxDepth} to raise it`,
}

/** Why `/convert` answers 503 with no token set, and the two ways to change it. */
export const CLOSED_WITHOUT_TOKEN = `/convert is closed: no path token is set. Set ${SETTING_VARIABLES.tokens[0]} (generate one with: openssl rand -hex 32) and end the CRD's webhook URL with /convert/<token>, or set ${SETTING_VARIABLES.allowUnauthenticated}=true to let anyone who can reach this URL run conversions`

/** What a 413 tells the reader where no platform says more. */
export const BODY_LIMIT_ADVICE = `set ${SETTING_VARIABLES.maxBodyBytes} to raise it`

/**
 * The variables of an environment (`process.env` or a Worker's `env`) as a reader: the trimmed
 * value of a variable, `undefined` when it is unset or blank.
 */
export function variableReader(environment: unknown): (name: string) => string | undefined {
  const variables = (
    typeof environment === 'object' && environment !== null ? environment : {}
  ) as Record<string, unknown>
  return (name) => {
    const value = variables[name]
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
  }
}
