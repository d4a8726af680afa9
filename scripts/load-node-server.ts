// The Node server under load, started by scripts/load.ts in its own process so that its memory
// is measured alone. Reports its URL, then its memory (after a full GC) whenever asked. With
// LOAD_BARE=1 it serves the bench's bare Hono app (parse, set apiVersion, stringify): the baseline.
import { bareApp } from '../bench/bare-webhook.ts'
import { nodeServer, startNodeServer } from '../packages/webhook/src/platform/node/index.ts'
import { exampleScheme } from '../examples/index.ts'

const listen = { port: 0, hostname: '127.0.0.1' }
const server =
  process.env['LOAD_BARE'] === '1'
    ? await startNodeServer({ app: bareApp(), ...listen })
    : await nodeServer(exampleScheme, { ...listen, log: () => {} })
process.send?.({ url: server.url })
process.on('message', (message) => {
  if (message === 'memory') {
    globalThis.gc?.()
    const { rss, heapUsed, external } = process.memoryUsage()
    process.send?.({ rss, heapUsed, external })
  } else if (message === 'stop') {
    void server.close().then(() => process.exit(0))
  }
})
