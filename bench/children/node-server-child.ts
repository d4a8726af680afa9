// Runs in its own process: the Node server as `crdconv serve` runs it (or, with `--bare`, the
// bare baseline of bench/bare-webhook.ts on the same @hono/node-server, with `--floor` the
// floor of bench/floor-webhook.ts logging as the Node server does), on a free loopback port,
// over HTTPS when given a certificate and key. Reports its URL over IPC, and its own CPU time
// whenever asked; logs go to stdout.
import { readFileSync } from 'node:fs'
import { nodeServer, startNodeServer } from '../../packages/webhook/src/platform/node/index.ts'
import { exampleScheme } from '../../examples/index.ts'
import { writeStdoutLine } from '../../packages/webhook/src/platform/node/stdout-lines.ts'
import { bareApp } from '../bare-webhook.ts'
import { floorApp } from '../floor-webhook.ts'

const flags = ['--bare', '--floor']
const [certPath, keyPath] = process.argv.slice(2).filter((arg) => !flags.includes(arg))
const tls =
  certPath !== undefined && keyPath !== undefined
    ? { cert: readFileSync(certPath), key: readFileSync(keyPath) }
    : undefined
const listen = { port: 0, hostname: '127.0.0.1', ...(tls === undefined ? {} : { tls }) }
const server = process.argv.includes('--bare')
  ? await startNodeServer({ app: bareApp(), ...listen })
  : process.argv.includes('--floor')
    ? await startNodeServer({ app: floorApp(writeStdoutLine), ...listen })
    : await nodeServer(exampleScheme, { ...listen, allowUnauthenticated: true })
process.send?.({ url: server.url })
process.on('message', (message) => {
  if (message !== 'cpu') return
  const { user, system } = process.cpuUsage()
  process.send?.({ cpuMicros: user + system })
})
process.on('disconnect', () => void server.close().then(() => process.exit(0)))
