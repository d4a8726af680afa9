import { readFile } from 'node:fs/promises'
import type { Command } from 'commander'
import { createApp } from '../http/index.ts'
import { startNodeServer } from '../platform/node-server.ts'
import { exampleScheme } from '../resources/index.ts'
import { parsePort } from './option-parsers.ts'

export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('serve the conversion webhook with the built-in example resources (Node server)')
    .option('--port <port>', 'TCP port', parsePort, 8787)
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--tls-cert <file>', 'PEM certificate chain: serve HTTPS (needs --tls-key)')
    .option('--tls-key <file>', 'PEM private key for --tls-cert')
    .addHelpText(
      'after',
      `
Examples:
  crdconv serve
  crdconv serve --port 9443 --tls-cert cert.pem --tls-key key.pem

Exit codes: 0 stopped by a signal, 1 could not start (port taken, unreadable certificate), 2 bad usage.`
    )
    .action(async (options: ServeOptions, command: Command) => {
      if ((options.tlsCert === undefined) !== (options.tlsKey === undefined)) {
        command.error('error: --tls-cert and --tls-key go together', { exitCode: 2 })
      }
      const tls =
        options.tlsCert !== undefined && options.tlsKey !== undefined
          ? { cert: await readFile(options.tlsCert), key: await readFile(options.tlsKey) }
          : undefined
      const server = await startNodeServer({
        app: createApp({ scheme: exampleScheme }),
        port: options.port,
        hostname: options.host,
        ...(tls === undefined ? {} : { tls }),
      })
      console.error(`crdconv: serving ${server.url}/convert (health: ${server.url}/healthz)`)
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
}
