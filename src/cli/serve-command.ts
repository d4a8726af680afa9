import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { Command } from 'commander'
import { createApp } from '../http/index.ts'
import { startNodeServer } from '../platform/node-server.ts'
import { UsageError } from './cli-io.ts'
import { loadScheme, SCHEME_OPTION_HELP } from './load-scheme.ts'
import type { CommandContext } from './main.ts'
import { parsePort } from './option-parsers.ts'

export function registerServeCommand(program: Command, context: CommandContext): void {
  program
    .command('serve')
    .description(
      'serve the conversion webhook on a plain Node server (POST /convert, GET /healthz)'
    )
    .option('--port <port>', 'TCP port', parsePort, 8787)
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--tls-cert <file>', 'PEM certificate chain: serve HTTPS (needs --tls-key)')
    .option('--tls-key <file>', 'PEM private key for --tls-cert')
    .option('--scheme <module>', SCHEME_OPTION_HELP)
    .addHelpText(
      'after',
      `
Examples:
  crdconv serve
  crdconv serve --scheme ./src/my-scheme.ts --port 9443 --tls-cert cert.pem --tls-key key.pem

Exit codes: 0 stopped by a signal, 1 could not start (port taken, unreadable certificate,
a broken definition), 2 bad usage.`
    )
    .action(async (options: ServeOptions) => {
      const { io } = context
      if ((options.tlsCert === undefined) !== (options.tlsKey === undefined)) {
        throw new UsageError('--tls-cert and --tls-key go together')
      }
      const scheme = await loadScheme(options.scheme, io.cwd)
      const tls =
        options.tlsCert !== undefined && options.tlsKey !== undefined
          ? {
              cert: await readFile(resolve(io.cwd, options.tlsCert)),
              key: await readFile(resolve(io.cwd, options.tlsKey)),
            }
          : undefined
      const server = await startNodeServer({
        app: createApp({ scheme }),
        port: options.port,
        hostname: options.host,
        ...(tls === undefined ? {} : { tls }),
      })
      io.stderr(`crdconv: serving ${server.url}/convert (health: ${server.url}/healthz)\n`)
      const stop = () => void server.close().then(() => process.exit(0))
      process.once('SIGINT', stop)
      process.once('SIGTERM', stop)
    })
}

interface ServeOptions {
  port: number
  host: string
  tlsCert?: string
  tlsKey?: string
  scheme?: string
}
