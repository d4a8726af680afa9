import {
  CLOSED_WITHOUT_TOKEN,
  NODE_LISTEN_VARIABLES,
  SettingsError,
  variableReader,
} from '../../http/index.ts'
import type { Scheme } from '../../scheme/index.ts'
import { DEFAULT_NODE_PORT, nodeServer, type RunningWebhookServer } from './node-server.ts'
import type { TlsFiles } from './tls-files.ts'

/** Seconds `runNodeServer` keeps answering after SIGTERM, while endpoints drop the pod. */
export const DEFAULT_SHUTDOWN_DELAY_SECONDS = 5

/** Where and how `runNodeServer` listens, as its environment sets it. */
export interface NodeListenSettings {
  readonly port: number
  readonly hostname: string
  readonly tls?: TlsFiles
  readonly shutdownDelaySeconds: number
}

/**
 * The `CONVERT_PORT`, `CONVERT_HOST`, `CONVERT_TLS_*_FILE` and `CONVERT_SHUTDOWN_DELAY_SECONDS`
 * of an environment, with defaults. Throws a `SettingsError` naming the variable.
 *
 * @example
 * ```ts
 * readNodeListenSettings({ CONVERT_PORT: '9443' }).port // 9443
 * ```
 */
export function readNodeListenSettings(environment: unknown): NodeListenSettings {
  const read = variableReader(environment)
  const names = NODE_LISTEN_VARIABLES
  const certFile = read(names.tlsCertFile)
  const keyFile = read(names.tlsKeyFile)
  if ((certFile === undefined) !== (keyFile === undefined)) {
    throw new SettingsError(`${names.tlsCertFile} and ${names.tlsKeyFile} go together`)
  }
  const port = wholeNumber(read(names.port), names.port, DEFAULT_NODE_PORT)
  if (port > 65_535) throw new SettingsError(`${names.port} must be 0 to 65535, got ${port}`)
  return {
    port,
    hostname: read(names.hostname) ?? '127.0.0.1',
    ...(certFile === undefined || keyFile === undefined ? {} : { tls: { certFile, keyFile } }),
    shutdownDelaySeconds: wholeNumber(
      read(names.shutdownDelaySeconds),
      names.shutdownDelaySeconds,
      DEFAULT_SHUTDOWN_DELAY_SECONDS
    ),
  }
}

function wholeNumber(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw new SettingsError(`${name} must be a whole number, got ${JSON.stringify(value)}`)
  }
  return Number(value)
}

/** The line a server prints once it listens: where to convert (or why not), where its health is. */
export function servingLine({ url, withToken, closed }: RunningWebhookServer): string {
  const health = `(health: ${url}/healthz)`
  if (closed) return `crdconv: listening on ${url} ${health}; ${CLOSED_WITHOUT_TOKEN}`
  return `crdconv: serving ${url}/convert${withToken ? '/<token>' : ' to anyone, without a token'} ${health}`
}

/**
 * Runs the webhook as the whole process, configured by its environment only: the entry of a
 * container image. HTTPS when `CONVERT_TLS_CERT_FILE` and `CONVERT_TLS_KEY_FILE` are set (read
 * again when cert-manager renews them). On SIGTERM or SIGINT it keeps answering for
 * `CONVERT_SHUTDOWN_DELAY_SECONDS`, then finishes the reviews in flight and exits 0; a setting
 * or start that fails is one line on stderr and exit 1.
 *
 * @example
 * ```ts
 * // src/server.ts, bundled by `npm run build:server`
 * import { runNodeServer } from '@crdconv/webhook/node'
 * import { scheme } from './scheme.ts'
 *
 * await runNodeServer(scheme)
 * ```
 */
export async function runNodeServer(
  scheme: Scheme,
  environment: Readonly<Record<string, string | undefined>> = process.env
): Promise<RunningWebhookServer | undefined> {
  let listen: NodeListenSettings
  let server: RunningWebhookServer
  try {
    listen = readNodeListenSettings(environment)
    const { port, hostname, tls } = listen
    server = await nodeServer(scheme, { port, hostname, environment, ...(tls && { tls }) })
  } catch (error) {
    process.stderr.write(`crdconv: ${error instanceof Error ? error.message : String(error)}\n`)
    process.exitCode = 1
    return undefined
  }
  process.stderr.write(`${servingLine(server)}\n`)
  const stop = (signal: string) => {
    process.stderr.write(
      `crdconv: ${signal}: stopping in ${listen.shutdownDelaySeconds} s, after the reviews in flight\n`
    )
    setTimeout(() => {
      void server.close().then(() => process.exit(0))
    }, listen.shutdownDelaySeconds * 1000)
  }
  process.once('SIGTERM', stop)
  process.once('SIGINT', stop)
  return server
}
