import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { Command } from 'commander'
import { UsageError } from '../command-io/index.ts'
import { parsePort } from './option-parsers.ts'

/** How a local server listens: `--port`, `--host`, and `--tls-cert` with `--tls-key` for HTTPS. */
export interface ListenOptions {
  port: number
  host: string
  tlsCert?: string
  tlsKey?: string
}

export function addListenOptions(command: Command, defaultPort: number): Command {
  return command
    .option('--port <port>', 'TCP port', parsePort, defaultPort)
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--tls-cert <file>', 'PEM certificate chain: serve HTTPS (needs --tls-key)')
    .option('--tls-key <file>', 'PEM private key for --tls-cert')
}

/** The certificate and key files to serve HTTPS with (read again when they change), or `undefined`. */
export function tlsFileOptions(
  options: ListenOptions,
  cwd: string
): { certFile: string; keyFile: string } | undefined {
  if ((options.tlsCert === undefined) !== (options.tlsKey === undefined)) {
    throw new UsageError('options-conflict', '--tls-cert and --tls-key go together')
  }
  if (options.tlsCert === undefined || options.tlsKey === undefined) return undefined
  return { certFile: resolve(cwd, options.tlsCert), keyFile: resolve(cwd, options.tlsKey) }
}

/** The certificate and key to serve HTTPS with, or `undefined` for HTTP. */
export async function readTlsFiles(
  options: ListenOptions,
  cwd: string
): Promise<{ cert: Buffer; key: Buffer } | undefined> {
  const files = tlsFileOptions(options, cwd)
  if (files === undefined) return undefined
  return { cert: await readFile(files.certFile), key: await readFile(files.keyFile) }
}
