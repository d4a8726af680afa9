// Every `CONVERT_*` environment variable, by the setting it sets, and the one reader of them:
// Workers bindings and secrets, Lambda's environment, the Node server's environment.
import type { LimitAdvice } from '../review/index.ts'

/** The variables every platform reads: the same names on Workers, Lambda and Node. */
export const SETTING_VARIABLES = {
  tokens: ['CONVERT_TOKEN', 'CONVERT_TOKEN_NEXT'],
  allowedSources: 'CONVERT_ALLOWED_SOURCES',
  maxBodyBytes: 'CONVERT_MAX_BODY_BYTES',
  maxObjects: 'CONVERT_MAX_OBJECTS',
  maxDepth: 'CONVERT_MAX_DEPTH',
} as const

/** The Node server's own variables: its timeouts and connection cap (no other platform has them). */
export const NODE_SERVER_VARIABLES = {
  keepAliveTimeoutSeconds: 'CONVERT_KEEP_ALIVE_TIMEOUT_SECONDS',
  headersTimeoutSeconds: 'CONVERT_HEADERS_TIMEOUT_SECONDS',
  requestTimeoutSeconds: 'CONVERT_REQUEST_TIMEOUT_SECONDS',
  maxConnections: 'CONVERT_MAX_CONNECTIONS',
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

/** Whether a variable is set to a blank value (set but empty, which unset would not be). */
export function isSetButBlank(environment: unknown, name: string): boolean {
  const value: unknown =
    typeof environment === 'object' && environment !== null
      ? (environment as Record<string, unknown>)[name]
      : undefined
  return typeof value === 'string' && value.trim() === ''
}
