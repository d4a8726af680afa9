// Load and soak over loopback: the Node server (own process) and the Worker under `wrangler dev`,
// each with 1-object and 1,000-object reviews at concurrency 64 behind a path token. Every answer
// must be the expected Success review, and memory after the soak must stay near memory after the
// warm-up (Node: heap after GC and RSS; Worker: workerd's RSS gain per request, against a bare
// Worker under the same load, since wrangler dev's workerd gains memory per request on its own).
// Bounded: a fixed time per phase and a cap on requests.
// Usage: npm run load [-- --seconds 30 --warmup 5 --target node|worker|both --worker-entry src/x.ts]
import autocannon from 'autocannon'
import { fork, spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { conversionReview, cronTabV1beta1 } from '../test/support/review-factory.ts'
import { descendants } from '../bench/bench-support.ts'

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '5' },
    target: { type: 'string', default: 'both' },
    'wrangler-port': { type: 'string', default: '8791' },
    // another Worker entry (your own resources); default: wrangler.toml's main
    'worker-entry': { type: 'string' },
  },
})
const SOAK_SECONDS = Number(values.seconds)
const WARMUP_SECONDS = Number(values.warmup)
const CONNECTIONS = 64
const MAX_REQUESTS_PER_PHASE = 2_000_000
const TOKEN = Array.from(crypto.getRandomValues(new Uint8Array(24)), (byte) =>
  byte.toString(16).padStart(2, '0')
).join('')
const MIB = 1024 * 1024
// growth allowed between warm-up and the end: the Node heap after a full GC may grow a little;
// RSS may gain half as much again as a bare server under the same load, plus 16 MiB
const HEAP_MARGIN = { ratio: 0.1, bytes: 8 * MIB }
const BARE_MARGIN = { ratio: 1.5, bytes: 16 * MIB }

interface Memory {
  rss: number
  heapUsed?: number
  external?: number
}

interface Target {
  name: string
  url: string
  memory(): Promise<Memory>
  stop(): Promise<void>
}

const reviews = {
  '1 object': JSON.stringify(conversionReview({ objects: [cronTabV1beta1()] })),
  '1,000 objects': JSON.stringify(
    conversionReview({
      objects: Array.from({ length: 1000 }, (_, index) =>
        cronTabV1beta1({ name: `crontab-${index}`, hostPort: `host-${index}.example:${index}` })
      ),
    })
  ),
}

async function startNodeTarget(name: string, bare: boolean): Promise<Target> {
  const child = fork(new URL('./load-node-server.ts', import.meta.url), {
    execArgv: ['--expose-gc', '--import', 'tsx'],
    env: { ...process.env, CONVERT_TOKEN: TOKEN, LOAD_BARE: bare ? '1' : '0' },
  })
  const next = <T>() => new Promise<T>((resolve) => child.once('message', (m) => resolve(m as T)))
  const { url } = await next<{ url: string }>()
  return {
    name,
    url,
    memory: async () => {
      const memory = next<Memory>()
      child.send('memory')
      return memory
    },
    stop: async () => {
      child.send('stop')
      await new Promise((resolve) => child.once('exit', resolve))
    },
  }
}

async function startWorkerTarget(
  port: number,
  name: string,
  entry: string | undefined
): Promise<Target> {
  const child = spawn(
    'npx',
    [
      'wrangler',
      'dev',
      ...(entry === undefined ? [] : [entry]),
      '--port',
      String(port),
      '--ip',
      '127.0.0.1',
      '--var',
      `CONVERT_TOKEN:${TOKEN}`,
      '--show-interactive-dev-session=false',
      '--log-level',
      'warn',
    ],
    { stdio: ['ignore', 'ignore', 'inherit'], detached: true }
  )
  const url = `http://127.0.0.1:${port}`
  await waitUntilHealthy(url, child)
  return {
    name,
    url,
    memory: async () => ({ rss: workerdRss(child.pid as number) }),
    stop: async () => {
      process.kill(-(child.pid as number), 'SIGTERM')
      await new Promise((resolve) => child.once('exit', resolve))
    },
  }
}

async function waitUntilHealthy(url: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 120; attempt++) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}`)
    try {
      if ((await fetch(`${url}/healthz`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error('wrangler dev did not become healthy in 60 s')
}

/** RSS of the workerd processes below `root` (wrangler runs workerd as a descendant). */
function workerdRss(root: number): number {
  let rss = 0
  for (const { pid, name } of descendants(root)) {
    if (!name.startsWith('workerd')) continue
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    rss += Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024
  }
  if (rss === 0) throw new Error('found no workerd process under wrangler dev')
  return rss
}

interface PhaseResult {
  requests: number
  errors: number
  breakdown: string
  rps: number
  p50: number
  p99: number
}

async function hammer(url: string, body: string, expectBody: string, seconds: number) {
  const instance = autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    connections: CONNECTIONS,
    duration: seconds,
    // the API server waits 30 s for an answer: so do we
    timeout: 30,
    maxOverallRequests: MAX_REQUESTS_PER_PHASE,
    expectBody,
  }) as Promise<autocannon.Result> & NodeJS.EventEmitter
  const unexpected = new Map<string, number>()
  instance.on('reqMismatch', (answer: unknown) => {
    const key = String(answer).slice(0, 200)
    unexpected.set(key, (unexpected.get(key) ?? 0) + 1)
  })
  const result = await instance
  for (const [answer, count] of unexpected)
    console.error(`  unexpected answer ×${count}: ${answer}`)
  const phase: PhaseResult = {
    requests: result.requests.total,
    errors: result.errors + result.non2xx + result.mismatches,
    breakdown:
      `connection ${result.errors - result.timeouts}, timeout ${result.timeouts}, ` +
      `non-2xx ${result.non2xx}${statusCounts(result)}, wrong body ${result.mismatches}`,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
  }
  return phase
}

function statusCounts(result: autocannon.Result): string {
  const other = Object.entries(result.statusCodeStats ?? {}).filter(([code]) => code !== '200')
  return other.length === 0
    ? ''
    : ` (${other.map(([code, { count }]) => `${code}: ${count}`).join(', ')})`
}

const mib = (bytes: number | undefined) =>
  bytes === undefined ? '-' : `${(bytes / MIB).toFixed(1)} MiB`

function withinMargin(before: number, after: number, margin: { ratio: number; bytes: number }) {
  return after <= before * (1 + margin.ratio) + margin.bytes
}

/** RSS gained over the soak, in all and per request, per review size. */
type Growth = Map<string, { gained: number; perRequest: number }>

async function run(target: Target, baseline?: Growth): Promise<{ ok: boolean; growth: Growth }> {
  let ok = true
  const growth: Growth = new Map()
  const url = `${target.url}/convert/${TOKEN}?timeout=30s`
  for (const [name, body] of Object.entries(reviews)) {
    const first = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    })
    const expected = await first.text()
    if (!first.ok || !expected.includes('"status":"Success"')) {
      throw new Error(`${target.name}: ${name} review answered ${first.status}: ${expected}`)
    }
    const warm = await hammer(url, body, expected, WARMUP_SECONDS)
    const afterWarmup = await target.memory()
    const soak = await hammer(url, body, expected, SOAK_SECONDS)
    const atEnd = await target.memory()
    const gained = atEnd.rss - afterWarmup.rss
    const perRequest = gained / Math.max(soak.requests, 1)
    growth.set(name, { gained, perRequest })
    const bare = baseline?.get(name)
    const heapOk =
      afterWarmup.heapUsed === undefined ||
      withinMargin(afterWarmup.heapUsed, atEnd.heapUsed ?? 0, HEAP_MARGIN)
    // the bare server's gain, by time or by request, whichever allows more
    const allowed =
      bare === undefined
        ? Infinity
        : Math.max(bare.gained, bare.perRequest * soak.requests, 0) * BARE_MARGIN.ratio +
          BARE_MARGIN.bytes
    const rssOk = gained <= allowed
    const memoryOk = heapOk && rssOk
    const errors = warm.errors + soak.errors
    ok &&= errors === 0 && memoryOk
    const verdict =
      baseline === undefined ? 'baseline' : memoryOk ? 'within margin' : 'GREW BEYOND MARGIN'
    console.log(
      [
        `${target.name}, ${name} (${(body.length / 1024).toFixed(1)} KiB), ${CONNECTIONS} connections:`,
        `  warm-up ${WARMUP_SECONDS} s: ${warm.requests} requests; soak ${SOAK_SECONDS} s: ${soak.requests} requests`,
        `  ${soak.rps.toFixed(0)} req/s, latency p50 ${soak.p50} ms, p99 ${soak.p99} ms`,
        `  errors: ${errors} (warm-up: ${warm.breakdown}; soak: ${soak.breakdown})`,
        `  memory after warm-up: RSS ${mib(afterWarmup.rss)}, heap ${mib(afterWarmup.heapUsed)}, external ${mib(afterWarmup.external)}`,
        `  memory at end:        RSS ${mib(atEnd.rss)}, heap ${mib(atEnd.heapUsed)}, external ${mib(atEnd.external)}`,
        `  RSS gained in the soak: ${mib(gained)}, ${(perRequest / 1024).toFixed(1)} KiB per request` +
          (bare === undefined ? '' : `; allowed from the bare baseline: ${mib(allowed)}`) +
          `  ${verdict}`,
      ].join('\n')
    )
  }
  return { ok, growth }
}

/**
 * Loads a bare server first, then crdconv's, and holds crdconv's memory growth to the bare one's:
 * RSS moves with the allocator and the runtime's own bookkeeping, whatever the app does.
 */
async function runAgainstBaseline(
  startBare: () => Promise<Target>,
  startTarget: () => Promise<Target>
): Promise<boolean> {
  const bare = await startBare()
  let baseline: { ok: boolean; growth: Growth }
  try {
    baseline = await run(bare)
  } finally {
    await bare.stop()
  }
  const target = await startTarget()
  try {
    return (await run(target, baseline.growth)).ok && baseline.ok
  } finally {
    await target.stop()
  }
}

const wanted = values.target
let allOk = true
if (wanted === 'node' || wanted === 'both') {
  allOk =
    (await runAgainstBaseline(
      () => startNodeTarget('bare Node server', true),
      () => startNodeTarget('crdconv Node server', false)
    )) && allOk
}
if (wanted === 'worker' || wanted === 'both') {
  // workerd under wrangler dev keeps memory per request whatever the Worker does: a Worker that
  // only reads the body sets the rate crdconv is held to
  const port = Number(values['wrangler-port'])
  const bareEntry = fileURLToPath(new URL('./load-bare-worker.ts', import.meta.url))
  allOk =
    (await runAgainstBaseline(
      () => startWorkerTarget(port, 'bare Worker (wrangler dev)', bareEntry),
      () => startWorkerTarget(port, 'crdconv Worker (wrangler dev)', values['worker-entry'])
    )) && allOk
}
console.log(allOk ? 'load: zero errors, memory within margin' : 'load: FAILED')
process.exit(allOk ? 0 : 1)
