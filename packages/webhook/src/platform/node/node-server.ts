import { serve, type ServerType } from '@hono/node-server'
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Hono } from 'hono'
import {
  createApp,
  logJsonLinesTo,
  readSettings,
  type ReviewLogger,
  type WebhookSettings,
} from '../../http/index.ts'
import { createConversionMetrics } from '../../metrics/index.ts'
import type { Scheme } from '../../scheme/index.ts'
import {
  defaultMetricsAccess,
  readMetricsAccess,
  serveMetrics,
  type MetricsAccess,
} from './metrics-route.ts'
import {
  readTlsMaterial,
  sameMaterial,
  TLS_FILE_CHECK_MS,
  watchTlsFiles,
  type TlsFiles,
  type TlsMaterial,
} from './tls-files.ts'
import { guardConnections, type CertificateGenerations } from './connection-slots.ts'
import {
  nodeServerOptions,
  readNodeServerLimits,
  resolveNodeServerLimits,
  type NodeServerLimits,
} from './node-server-limits.ts'
import { writeStdoutLine } from './stdout-lines.ts'
import { TLS_POLICY } from './tls-policy.ts'

/** The port `crdconv serve` and `npm start` listen on unless told otherwise. */
export const DEFAULT_NODE_PORT = 8787

export interface NodeServerOptions {
  readonly app: Hono
  readonly port: number
  readonly hostname: string
  /** PEM certificate chain and key, or their files (re-read when they change): HTTPS. */
  readonly tls?: TlsMaterial | TlsFiles
  /** Where a certificate that cannot be renewed from its files is reported (default stderr). */
  readonly tlsFailed?: (error: unknown) => void
  /** Timeouts and the connection caps; each defaults to `DEFAULT_NODE_SERVER_LIMITS`. */
  readonly limits?: Partial<NodeServerLimits>
}

export interface RunningServer {
  /** Base URL, `http(s)://host:port`, with the port actually bound (port 0 picks a free one). */
  readonly url: string
  /**
   * Stops accepting connections and resolves once every one is closed: idle ones at once, the
   * others after their pending answer, which goes out with `Connection: close`.
   */
  close(): Promise<void>
}

/** A server `startNodeServer` started: also which certificate each connection was served with. */
export interface RunningNodeServer extends RunningServer {
  readonly certificates: CertificateGenerations
}

/** The webhook's server, and whether `/convert` needs a path token (set by option or environment). */
export interface RunningWebhookServer extends RunningNodeServer {
  readonly withToken: boolean
  /** No token and no `allowUnauthenticated`: `/convert` answers 503 saying why. */
  readonly closed: boolean
}

/** Where and how `nodeServer` listens, and settings over the `CONVERT_*` environment. */
export interface NodeServerSettings extends Partial<WebhookSettings> {
  /** TCP port (default 8787; 0 picks a free one). */
  readonly port?: number
  /** Address to listen on (default 127.0.0.1). */
  readonly hostname?: string
  /** PEM certificate chain and key, or their files (re-read when they change): HTTPS. */
  readonly tls?: TlsMaterial | TlsFiles
  /** Where the `CONVERT_*` settings are read from (default `process.env`); the fields above win. */
  readonly environment?: unknown
  /** Where the one log line per review goes (default: a JSON line on stdout, see `writeStdoutLine`). */
  readonly log?: ReviewLogger
  /** Timeouts and the connection cap, over the `CONVERT_*` environment. */
  readonly limits?: Partial<NodeServerLimits>
  /** Who may read `GET /metrics` (over `CONVERT_METRICS`; default `token` with a path token, else `open`). */
  readonly metrics?: MetricsAccess
}

/**
 * The webhook as a Node server, set up like `workerApp(scheme)` and `lambdaHandler(scheme)`: the
 * `CONVERT_*` settings from the environment (options win over them), the client address from the
 * socket, the default body limit, HTTPS when given a certificate, and the metrics as Prometheus
 * text on `GET /metrics` (`CONVERT_METRICS`: token, the default with a path token; open; or off). Throws a `SettingsError` naming
 * the variable when a setting is unusable.
 *
 * @example
 * ```ts
 * import { nodeServer } from '@crdconv/webhook/node'
 * const server = await nodeServer(scheme, { port: 8787 })
 * console.log(`${server.url}/convert`)
 * ```
 */
export function nodeServer(
  scheme: Scheme,
  options: NodeServerSettings = {}
): Promise<RunningWebhookServer> {
  const { port = DEFAULT_NODE_PORT, hostname = '127.0.0.1', tls, environment } = options
  const { log = logJsonLinesTo(writeStdoutLine) } = options
  const settings = { ...readSettings(environment ?? process.env), ...webhookSettings(options) }
  const limits = { ...readNodeServerLimits(environment ?? process.env), ...options.limits }
  const { maxReviewsInFlight } = resolveNodeServerLimits(limits)
  const metrics = createConversionMetrics(scheme)
  const observe = metrics.observe
  const app = createApp({ scheme, getConnInfo, ...settings, log, observe, maxReviewsInFlight })
  const tokens = settings.tokens ?? []
  const metricsAccess =
    options.metrics ?? readMetricsAccess(environment ?? process.env) ?? defaultMetricsAccess(tokens)
  serveMetrics(app, metrics, metricsAccess, tokens)
  const withToken = (settings.tokens?.length ?? 0) > 0
  const closed = !withToken && settings.allowUnauthenticated !== true
  return startNodeServer({
    app,
    port,
    hostname,
    limits,
    ...(tls === undefined ? {} : { tls }),
  }).then((server) => ({ ...server, withToken, closed }))
}

function webhookSettings(options: NodeServerSettings): Partial<WebhookSettings> {
  const settings: { -readonly [Key in keyof WebhookSettings]?: WebhookSettings[Key] } = {}
  for (const key of ['tokens', 'allowedSources'] as const) {
    if (options[key] !== undefined) settings[key] = options[key]
  }
  if (options.allowUnauthenticated !== undefined) {
    settings.allowUnauthenticated = options.allowUnauthenticated
  }
  for (const key of ['maxBodyBytes', 'maxObjects', 'maxDepth'] as const) {
    if (options[key] !== undefined) settings[key] = options[key]
  }
  return settings
}

/**
 * Serves any Hono app with `@hono/node-server`, over HTTPS (TLS 1.2 AEAD suites or 1.3) when a
 * certificate is given, with timeouts that close connections which send nothing or trickle, and
 * caps on open connections (overall and per source, idle ones evicted first). A renewed
 * certificate file retires the connections made under the old one.
 */
export function startNodeServer(options: NodeServerOptions): Promise<RunningNodeServer> {
  const { app, port, hostname, tls } = options
  const limits = resolveNodeServerLimits(options.limits)
  const timeouts = nodeServerOptions(limits)
  return new Promise((resolve, reject) => {
    // a throw in here rejects: an unreadable file fails the start like a taken port
    const material = tls === undefined || !('certFile' in tls) ? tls : readTlsMaterial(tls)
    let serving = material
    const server: ServerType = serve(
      {
        fetch: app.fetch,
        port,
        hostname,
        ...(material === undefined
          ? { serverOptions: timeouts }
          : {
              createServer: createHttpsServer,
              serverOptions: {
                ...timeouts,
                ...TLS_POLICY,
                // a handshake is due as soon as the headers (Node's default is 120 s)
                handshakeTimeout: timeouts.headersTimeout,
                cert: material.cert,
                key: material.key,
              },
            }),
      },
      (info: AddressInfo) => {
        const host = info.family === 'IPv6' ? `[${info.address}]` : info.address
        const unwatch =
          tls !== undefined && 'certFile' in tls
            ? watchTlsFiles(
                tls,
                (renewed) => {
                  // files back at the pair served (after a pair that was refused): no renewal
                  if (sameMaterial(renewed, serving)) return
                  ;(server as HttpsServer).setSecureContext({ ...TLS_POLICY, ...renewed })
                  serving = renewed
                  slots.certificateRenewed()
                },
                options.tlsFailed ?? reportTlsFailure,
                TLS_FILE_CHECK_MS,
                material
              )
            : () => {}
        resolve({
          url: `${material === undefined ? 'http' : 'https'}://${host}:${info.port}`,
          certificates: slots.certificates,
          close: () => {
            unwatch()
            slots.closing()
            return new Promise((done, fail) =>
              server.close((error) => (error ? fail(error) : done()))
            )
          },
        })
      }
    )
    const slots = guardConnections(server as HttpsServer, limits)
    server.once('error', reject)
  })
}

function reportTlsFailure(error: unknown): void {
  process.stderr.write(
    `crdconv: the renewed certificate was not taken, the old one stays: ${error instanceof Error ? error.message : String(error)}\n`
  )
}
