import type { Hono } from 'hono'
import { encodeTokens, matchesAnyToken } from '../../http/path-token.ts'
import { SettingsError } from '../../http/settings-error.ts'
import { NODE_LISTEN_VARIABLES, variableReader } from '../../http/setting-variables.ts'
import { PROMETHEUS_CONTENT_TYPE, type ConversionMetrics } from '../../metrics/index.ts'

/**
 * Who may read `/metrics`: `token` (a bearer token, one of the path tokens, as a Prometheus
 * ServiceMonitor sends it from the webhook's Secret; the default when a path token is set),
 * `open` (anyone: the metrics name CRDs and versions, never an object or a token; the default
 * without a path token, and an opt-in with one), or `off` (no `/metrics` at all).
 */
export type MetricsAccess = 'open' | 'token' | 'off'

export const METRICS_ACCESS: readonly MetricsAccess[] = ['open', 'token', 'off']

/**
 * Who reads `/metrics` when `CONVERT_METRICS` is not set: with a path token, only its holders
 * (secure by default, as `/convert` is); without one there is nothing to ask for, so anyone.
 *
 * @example
 * ```ts
 * defaultMetricsAccess([token]) // 'token'
 * ```
 */
export function defaultMetricsAccess(tokens: readonly string[]): MetricsAccess {
  return tokens.length > 0 ? 'token' : 'open'
}

/** The `CONVERT_METRICS` setting of an environment; throws a `SettingsError` on any other value. */
export function readMetricsAccess(environment: unknown): MetricsAccess | undefined {
  const name = NODE_LISTEN_VARIABLES.metrics
  const value = variableReader(environment)(name)
  if (value === undefined) return undefined
  if ((METRICS_ACCESS as readonly string[]).includes(value)) return value as MetricsAccess
  throw new SettingsError(
    `${name} must be one of ${METRICS_ACCESS.join(', ')}, got ${JSON.stringify(value.slice(0, 20))}`
  )
}

/**
 * Serves the metrics as Prometheus text on `GET /metrics`. With `token`, a request needs
 * `Authorization: Bearer <token>` with one of `tokens`, else 401 (compared in constant time);
 * `token` without any token set is refused at start-up, since it could never be read.
 */
export function serveMetrics(
  app: Hono,
  metrics: ConversionMetrics,
  access: MetricsAccess,
  tokens: readonly string[]
): void {
  if (access === 'off') return
  if (access === 'token' && tokens.length === 0) {
    throw new SettingsError(
      `${NODE_LISTEN_VARIABLES.metrics}=token needs a path token (CONVERT_TOKEN): /metrics takes the same one as a bearer token`
    )
  }
  const encoded = encodeTokens(tokens)
  app.get('/metrics', (c) => {
    if (access === 'token') {
      const bearer = /^Bearer (\S+)$/.exec(c.req.header('authorization') ?? '')?.[1]
      if (bearer === undefined || !matchesAnyToken(bearer, encoded)) {
        return c.json({ error: 'GET /metrics needs Authorization: Bearer <CONVERT_TOKEN>' }, 401, {
          'WWW-Authenticate': 'Bearer',
        })
      }
    }
    return c.body(metrics.prometheusText(), 200, { 'content-type': PROMETHEUS_CONTENT_TYPE })
  })
}
