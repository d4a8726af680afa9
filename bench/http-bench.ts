import autocannon from 'autocannon'
import { build } from 'esbuild'
import { fork } from 'node:child_process'
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import {
  bundleForNode,
  descendants,
  median,
  OPEN_FOR_THE_BENCH,
  processCpuMs,
  repoRoot,
  round,
  type ServerCpuRatio,
} from './bench-support.ts'
import { writeSelfSignedCertificate } from '../test/support/self-signed-certificate.ts'
import { cronTabReviewBody } from './crontab-review.ts'
import { orderOfRound } from './take-turns.ts'

export interface RunningTarget {
  readonly url: string
  /** CPU time the server has used so far, in µs. */
  cpuMicros(): Promise<number>
  stop(): Promise<void>
}

/** A platform's crdconv server and its bare baseline, both running for the whole measurement. */
interface Pair {
  readonly bare: RunningTarget
  /** crdconv; in the noise and guarantee floor pairs, the second bare server or the floor. */
  readonly crdconv: RunningTarget
}

/** Review sizes, with enough connections to keep the server busy on two shared cores. */
export const REVIEW_SIZES = [
  { objects: 1, connections: 8 },
  { objects: 100, connections: 4 },
  { objects: 1000, connections: 4 },
] as const

/**
 * Bursts per server and size, bare and crdconv taking turns; the ratio is the median of them.
 * Many short bursts, not a few long ones: a bare server against a second bare one read 0.87× to
 * 1.24× with 11 bursts of 0.5 s, and 0.95× to 1.04× with 41 of 0.25 s (an autocannon run
 * takes about a second of wall time whatever its duration; CPU is measured across all of it).
 */
const ROUNDS = 41
const BURST_SECONDS = 0.25
const WARMUP_SECONDS = 2

/** The pair that measures the bench itself: two bare Node servers, whose ratio should be 1. */
export const NOISE_FLOOR_PLATFORM = 'Node, HTTP: bare against a second bare (noise floor)'

/** The sizes with a target: the floor pairs measure these only. */
export const FLOOR_SIZES = [REVIEW_SIZES[0], REVIEW_SIZES[2]] as const

/**
 * Pairs of the bare app against bench/floor-webhook.ts: what the kept log line, Server-Timing and
 * the example's converter cost on their own, on the lines whose targets they bear on.
 */
export const GUARANTEE_FLOOR_PLATFORMS = {
  node: 'Node, HTTP: the floor (bare + log line, Server-Timing, CronTab converter)',
  worker: 'Worker in workerd: the floor (bare + log line, Server-Timing, CronTab converter)',
} as const

/**
 * Server CPU per review of each platform beside its bare baseline (bench/bare-webhook.ts, served
 * the same way): the Node server over HTTP and HTTPS (a self-signed certificate made with the
 * openssl CLI) and the Worker in workerd (miniflare, as `wrangler dev` runs it, serving wrangler's
 * own dry-run bundle). Both servers of a pair run at once; autocannon loads them in alternating
 * bursts, so load from other jobs on the machine hits both alike.
 */
export async function benchHttp(
  workDir: string,
  workerScript: string,
  platforms: readonly string[] = [
    NOISE_FLOOR_PLATFORM,
    'Node, HTTP',
    GUARANTEE_FLOOR_PLATFORMS.node,
    'Node, HTTPS',
    'Worker in workerd',
    GUARANTEE_FLOOR_PLATFORMS.worker,
  ]
): Promise<ServerCpuRatio[]> {
  const serverChild = join(workDir, 'node-server-child.mjs')
  await bundleForNode(join(repoRoot, 'bench/children/node-server-child.ts'), serverChild)
  const bareWorker = join(workDir, 'bare-worker', 'worker.js')
  await bundleBaselineWorker('bare-worker.ts', bareWorker)
  const floorWorker = join(workDir, 'floor-worker', 'worker.js')
  await bundleBaselineWorker('floor-worker.ts', floorWorker)
  const { cert, key } = writeSelfSignedCertificate(workDir)
  // one workerd per miniflare: the processes that appear with each are its own
  const workerPair = async (script: string): Promise<Pair> => {
    const bare = await startWorker(bareWorker, [])
    return { bare, crdconv: await startWorker(script, bare.pids, OPEN_FOR_THE_BENCH) }
  }
  const starters: {
    platform: string
    start: () => Promise<Pair>
    sizes?: readonly (typeof REVIEW_SIZES)[number][]
  }[] = [
    {
      platform: NOISE_FLOOR_PLATFORM,
      start: async () => ({
        bare: await startNodeServer(serverChild, ['--bare']),
        crdconv: await startNodeServer(serverChild, ['--bare']),
      }),
      sizes: [REVIEW_SIZES[0]],
    },
    {
      platform: 'Node, HTTP',
      start: async () => ({
        bare: await startNodeServer(serverChild, ['--bare']),
        crdconv: await startNodeServer(serverChild, []),
      }),
    },
    {
      platform: GUARANTEE_FLOOR_PLATFORMS.node,
      start: async () => ({
        bare: await startNodeServer(serverChild, ['--bare']),
        crdconv: await startNodeServer(serverChild, ['--floor']),
      }),
      sizes: FLOOR_SIZES,
    },
    {
      platform: 'Node, HTTPS',
      start: async () => ({
        bare: await startNodeServer(serverChild, ['--bare', cert, key]),
        crdconv: await startNodeServer(serverChild, [cert, key]),
      }),
    },
    {
      platform: 'Worker in workerd',
      start: () => workerPair(workerScript),
    },
    {
      platform: GUARANTEE_FLOOR_PLATFORMS.worker,
      start: () => workerPair(floorWorker),
      // the Worker's 1-object line has passed since run 4
      sizes: [REVIEW_SIZES[2]],
    },
  ]
  const results: ServerCpuRatio[] = []
  for (const { platform, start, sizes = REVIEW_SIZES } of starters.filter((one) =>
    platforms.includes(one.platform)
  )) {
    const pair = await start()
    // interrupted: stop the servers first, so no workerd or Node server outlives the bench
    const stopAll = () => Promise.all([pair.bare.stop(), pair.crdconv.stop()])
    const stopAndExit = () => void stopAll().finally(() => process.exit(130))
    process.once('SIGINT', stopAndExit)
    process.once('SIGTERM', stopAndExit)
    try {
      for (const size of sizes) results.push(await measurePair(platform, pair, size))
    } finally {
      process.off('SIGINT', stopAndExit)
      process.off('SIGTERM', stopAndExit)
      await stopAll()
    }
  }
  return results
}

async function measurePair(
  platform: string,
  pair: Pair,
  size: { objects: number; connections: number }
): Promise<ServerCpuRatio> {
  const measured = await measureTargets({ bare: pair.bare, crdconv: pair.crdconv }, size)
  const { bare, crdconv } = measured.perReview
  return {
    platform,
    objects: size.objects,
    bareMicros: round(median(bare), 1),
    crdconvMicros: round(median(crdconv), 1),
    ratio: round(median(crdconv.map((micros, index) => micros / (bare[index] as number)))),
    rounds: ROUNDS,
    // autocannon's own measure of each run, which lasts about a second whatever its duration
    crdconvPerSecond: round(measured.requests.crdconv / measured.seconds.crdconv, 0),
    errors: measured.errors,
  }
}

/**
 * Server CPU per review of each target, in bursts taking turns round by round (ROUNDS of them),
 * after one checked review and a warm-up each.
 */
export async function measureTargets<Role extends string>(
  targets: Record<Role, RunningTarget>,
  size: { objects: number; connections: number }
): Promise<{
  perReview: Record<Role, number[]>
  requests: Record<Role, number>
  seconds: Record<Role, number>
  errors: number
}> {
  const body = cronTabReviewBody(size.objects)
  const roles = Object.keys(targets) as Role[]
  const perReview = Object.fromEntries(roles.map((role) => [role, [] as number[]])) as Record<
    Role,
    number[]
  >
  const requests = Object.fromEntries(roles.map((role) => [role, 0])) as Record<Role, number>
  const seconds = Object.fromEntries(roles.map((role) => [role, 0])) as Record<Role, number>
  let errors = 0
  for (const role of roles) {
    await expectConverted(targets[role].url, body, size.objects)
    await loadTest(targets[role].url, body, size.connections, WARMUP_SECONDS)
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const role of orderOfRound(roles, round)) {
      const target = targets[role]
      const before = await target.cpuMicros()
      const result = await loadTest(target.url, body, size.connections, BURST_SECONDS)
      const used = (await target.cpuMicros()) - before
      perReview[role].push(used / Math.max(result.requests.total, 1))
      errors += result.errors + result.timeouts + result.non2xx
      requests[role] += result.requests.total
      seconds[role] += result.duration
    }
  }
  return { perReview, requests, seconds, errors }
}

function loadTest(url: string, body: string, connections: number, seconds: number) {
  return autocannon({
    url: `${url}/convert`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    connections,
    duration: seconds,
  })
}

export function startNodeServer(script: string, args: string[]): Promise<RunningTarget> {
  // a plain node process: not the TypeScript loader the bench itself runs under
  const child = fork(script, args, { execArgv: [], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] })
  const nextMessage = <T>() => new Promise<T>((resolve) => child.once('message', resolve as never))
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill()
      reject(new Error(`the Node server (${args.join(' ')}) did not start within 20 s`))
    }, 20_000)
    child.once('error', reject)
    void nextMessage<{ url: string }>().then(({ url }) => {
      clearTimeout(timer)
      resolve({
        url,
        cpuMicros: async () => {
          const answer = nextMessage<{ cpuMicros: number }>()
          child.send('cpu')
          return (await answer).cpuMicros
        },
        stop: () =>
          new Promise((done) => {
            if (child.exitCode !== null) return done()
            child.once('exit', () => done())
            child.kill()
          }),
      })
    })
  })
}

/** A baseline Worker of bench/children bundled for workerd, minified like wrangler.toml's build. */
async function bundleBaselineWorker(child: string, outfile: string): Promise<void> {
  await build({
    entryPoints: [join(repoRoot, 'bench/children', child)],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['module', 'main'],
    minify: true,
    logLevel: 'warning',
  })
}

/** The part of miniflare's API the bench uses. */
interface MiniflareInstance {
  readonly ready: Promise<URL>
  dispose(): Promise<void>
}
type MiniflareConstructor = new (options: Record<string, unknown>) => MiniflareInstance

/** A Worker in workerd through the miniflare that wrangler itself depends on. */
export async function startWorker(
  script: string,
  notOurs: readonly number[],
  bindings: Record<string, string> = {}
): Promise<RunningTarget & { pids: number[] }> {
  const fromWrangler = createRequire(
    createRequire(import.meta.url).resolve('wrangler/package.json')
  )
  const { Miniflare } = (await import(pathToFileURL(fromWrangler.resolve('miniflare')).href)) as {
    Miniflare: MiniflareConstructor
  }
  const miniflare = new Miniflare({
    modules: true,
    scriptPath: script,
    modulesRoot: dirname(script),
    compatibilityDate: '2025-09-01',
    host: '127.0.0.1',
    port: 0,
    cf: false,
    bindings,
    // the one log line per review goes nowhere, as the Node server's stdout does here
    handleRuntimeStdio: (stdout: NodeJS.ReadableStream, stderr: NodeJS.ReadableStream) => {
      stdout.resume()
      stderr.resume()
    },
  })
  const url = (await miniflare.ready).origin
  const pids = descendants(process.pid)
    .filter((found) => found.name === 'workerd' && !notOurs.includes(found.pid))
    .map((found) => found.pid)
  if (pids.length === 0) throw new Error(`found no workerd process for ${script}`)
  return {
    url,
    pids,
    cpuMicros: async () => {
      let total = 0
      for (const pid of pids) total += (processCpuMs(pid) ?? NaN) * 1000
      return total
    },
    stop: () => miniflare.dispose(),
  }
}

/** One review first, so a server that answers wrongly fails the bench instead of scoring. */
function expectConverted(url: string, body: string, objects: number): Promise<void> {
  const target = new URL('/convert', url)
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise((resolve, reject) => {
    const outgoing = request(
      target,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        rejectUnauthorized: false,
      },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('end', () => {
          const answer = JSON.parse(text) as {
            response?: { result?: { status?: string }; convertedObjects?: unknown[] }
          }
          const converted = answer.response?.convertedObjects?.length
          if (answer.response?.result?.status === 'Success' && converted === objects) resolve()
          else reject(new Error(`${url} did not convert the bench review: ${text.slice(0, 300)}`))
        })
      }
    )
    outgoing.on('error', reject)
    outgoing.end(body)
  })
}
