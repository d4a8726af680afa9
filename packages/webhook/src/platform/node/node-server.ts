import { serve, type ServerType } from '@hono/node-server'
import { createServer as createHttpsServer } from 'node:https'
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
import type { Scheme } from '../../scheme/index.ts'
import {
  applyConnectionCap,
  nodeServerOptions,
  readNodeServerLimits,
  resolveNodeServerLimits,
  type NodeServerLimits,
} from './node-server-limits.ts'
import { writeStdoutLine } from './stdout-lines.ts'

/** The port `crdconv serve` and `npm start` listen on unless told otherwise. */
export const DEFAULT_NODE_PORT = 8787

export interface NodeServerOptions {
  readonly app: Hono
  readonly port: number
  readonly hostname: string
  /** PEM certificate chain and key; with them the server speaks HTTPS. */
  readonly tls?: { readonly cert: string | Buffer; readonly key: string | Buffer }
  /** Timeouts and the connection cap; each defaults to `DEFAULT_NODE_SERVER_LIMITS`. */
  readonly limits?: Partial<NodeServerLimits>
}

export interface RunningServer {
  /** Base URL, `http(s)://host:port`, with the port actually bound (port 0 picks a free one). */
  readonly url: string
  close(): Promise<void>
}

/** Where and how `nodeServer` listens, and settings over the `CONVERT_*` environment. */
export interface NodeServerSettings extends Partial<WebhookSettings> {
  /** TCP port (default 8787; 0 picks a free one). */
  readonly port?: number
  /** Address to listen on (default 127.0.0.1). */
  readonly hostname?: string
  /** PEM certificate chain and key; with them the server speaks HTTPS. */
  readonly tls?: { readonly cert: string | Buffer; readonly key: string | Buffer }
  /** Where the `CONVERT_*` settings are read from (default `process.env`); the fields above win. */
  readonly environment?: unknown
  /** Where the one log line per review goes (default: a JSON line on stdout, see `writeStdoutLine`). */
  readonly log?: ReviewLogger
  /** Timeouts and the connection cap, over the `CONVERT_*` environment. */
  readonly limits?: Partial<NodeServerLimits>
}

/**
 * The webhook as a Node server, set up like `workerApp(scheme)` and `lambdaHandler(scheme)`: the
 * `CONVERT_*` settings from the environment (options win over them), the client address from the
 * socket, the default body limit, HTTPS when given a certificate. Throws a `SettingsError` naming
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
): Promise<RunningServer> {
  const { port = DEFAULT_NODE_PORT, hostname = '127.0.0.1', tls, environment } = options
  const { log = logJsonLinesTo(writeStdoutLine) } = options
  const settings = { ...readSettings(environment ?? process.env), ...webhookSettings(options) }
  const app = createApp({ scheme, getConnInfo, ...settings, log })
  const limits = { ...readNodeServerLimits(environment ?? process.env), ...options.limits }
  return startNodeServer({ app, port, hostname, limits, ...(tls === undefined ? {} : { tls }) })
}

function webhookSettings(options: NodeServerSettings): Partial<WebhookSettings> {
  const settings: { -readonly [Key in keyof WebhookSettings]?: WebhookSettings[Key] } = {}
  for (const key of ['tokens', 'allowedSources'] as const) {
    if (options[key] !== undefined) settings[key] = options[key]
  }
  for (const key of ['maxBodyBytes', 'maxObjects', 'maxDepth'] as const) {
    if (options[key] !== undefined) settings[key] = options[key]
  }
  return settings
}

/**
 * Serves any Hono app with `@hono/node-server`, over HTTPS when a certificate is given, with
 * timeouts that close connections which send nothing or trickle, and a cap on open connections.
 */
export function startNodeServer(options: NodeServerOptions): Promise<RunningServer> {
  const { app, port, hostname, tls } = options
  const limits = resolveNodeServerLimits(options.limits)
  const timeouts = nodeServerOptions(limits)
  return new Promise((resolve, reject) => {
    const server: ServerType = serve(
      {
        fetch: app.fetch,
        port,
        hostname,
        ...(tls === undefined
          ? { serverOptions: timeouts }
          : {
              createServer: createHttpsServer,
              serverOptions: { ...timeouts, cert: tls.cert, key: tls.key },
            }),
      },
      (info: AddressInfo) => {
        const host = info.family === 'IPv6' ? `[${info.address}]` : info.address
        resolve({
          url: `${tls === undefined ? 'http' : 'https'}://${host}:${info.port}`,
          close: () =>
            new Promise((done, fail) => server.close((error) => (error ? fail(error) : done()))),
        })
      }
    )
    applyConnectionCap(server, limits)
    server.once('error', reject)
  })
}
