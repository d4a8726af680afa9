// Runs in its own process: the Node server as `crdconv serve` runs it, on a free loopback port,
// over HTTPS when given a certificate and key. Reports its URL over IPC; logs go to stdout.
import { readFileSync } from 'node:fs'
import { nodeServer } from '../../src/platform/node/index.ts'
import { exampleScheme } from '../../src/resources/index.ts'

const [certPath, keyPath] = process.argv.slice(2)
const tls =
  certPath !== undefined && keyPath !== undefined
    ? { cert: readFileSync(certPath), key: readFileSync(keyPath) }
    : undefined
const server = await nodeServer(exampleScheme, {
  port: 0,
  hostname: '127.0.0.1',
  ...(tls === undefined ? {} : { tls }),
})
process.send?.({ url: server.url })
process.on('disconnect', () => void server.close().then(() => process.exit(0)))
