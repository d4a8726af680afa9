import { fork } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import {
  bundleForNode,
  execFileAsync,
  lastJsonLine,
  median,
  openBenchEnvironment,
  repoRoot,
  round,
  type ServerCpuRatio,
} from './bench-support.ts'
import { FLOOR_SIZES, REVIEW_SIZES } from './http-bench.ts'
import { cronTabReviewBody } from './crontab-review.ts'
import { reviewFunctionUrlEvent } from './review-event.ts'
import { orderOfRound } from './take-turns.ts'

export interface ColdStartResult {
  /** Median CPU ms of loading the bare hono/aws-lambda bundle and its first invocation. */
  readonly bareMs: number
  /** The same for crdconv's Lambda bundle. */
  readonly crdconvMs: number
  /** Median over the runs of crdconv's over the bare one's, each pair run back to back. */
  readonly ratio: number
  /** Of crdconvMs: the module load alone (the rest is the first invocation). */
  readonly crdconvLoadMs: number
  readonly bareLoadMs: number
  /** The same for the floor's bundle (bench/floor-webhook.ts: the example's resources, no crdconv webhook). */
  readonly floorMs: number
  readonly floorLoadMs: number
  /** Median of the floor's over the bare one's. */
  readonly floorRatio: number
  readonly runs: number
}

const ROUNDS = 25

/** bench/floor-webhook.ts behind hono/aws-lambda: what the kept guarantees cost on their own. */
export const LAMBDA_FLOOR_PLATFORM =
  'Lambda, Function URL event: the floor (bare + log line, Server-Timing, CronTab converter)'

// fresh processes per bundle: with 15 the ratio moved by up to ±0.1 between runs, as much as
// its distance to the target; each costs about 0.2 s
const COLD_RUNS = 45

// The Lambda runtime sets up its logging before it loads the handler, so the first console.log's
// set-up is not the handler's cost: the timer pays it before the clock starts.
export const COLD_START_TIMER = `
import { readFileSync } from 'node:fs'
const event = JSON.parse(readFileSync(process.argv[2], 'utf8'))
console.log('runtime ready')
const cpu = process.cpuUsage()
const { handler } = await import(process.argv[1])
const loaded = process.cpuUsage(cpu)
const result = await handler(event, { functionName: 'crdconv-bench', awsRequestId: 'cold' })
const used = process.cpuUsage(cpu)
if (result.statusCode !== 200) throw new Error('the cold review answered ' + result.statusCode)
process.stderr.write(JSON.stringify({ loadMs: (loaded.user + loaded.system) / 1000, totalMs: (used.user + used.system) / 1000 }) + '\\n')
`

/**
 * The Lambda handler invoked in-process with a Function URL event (payload 2.0, as
 * src/lambda-local makes it) beside a bare hono/aws-lambda handler (bench/bare-webhook.ts): CPU
 * per invocation at each review size, and the cold start (module load plus the first
 * invocation, each run in a fresh Node process, the two bundles alternating).
 */
export async function benchLambda(
  workDir: string,
  lambdaBundle: string
): Promise<{ invocations: ServerCpuRatio[]; coldStart: ColdStartResult }> {
  const bareBundle = join(workDir, 'bare-lambda', 'index.mjs')
  // built as size-bench.ts builds crdconv's Lambda bundle
  await bundleForNode(join(repoRoot, 'bench/children/bare-lambda.ts'), bareBundle, { minify: true })
  const floorBundle = join(workDir, 'floor-lambda', 'index.mjs')
  await bundleForNode(join(repoRoot, 'bench/children/floor-lambda.ts'), floorBundle, {
    minify: true,
  })

  const child = join(workDir, 'lambda-child.mjs')
  await bundleForNode(join(repoRoot, 'bench/children/lambda-child.ts'), child)
  const invocations = await measureInvocations(child, lambdaBundle, bareBundle, floorBundle)
  const coldStart = await measureColdStart(workDir, lambdaBundle, bareBundle, floorBundle)
  return { invocations, coldStart }
}

function measureInvocations(
  child: string,
  crdconv: string,
  bare: string,
  floor: string
): Promise<ServerCpuRatio[]> {
  const sizes = REVIEW_SIZES.map((size) => size.objects).join(',')
  const files = [crdconv, bare, floor].map((file) => pathToFileURL(file).href)
  const args = [...files, sizes, String(ROUNDS)]
  // stdout to /dev/null, as the Node server's: the log lines cost their write, not a reader
  const running = fork(child, args, {
    execArgv: [],
    env: openBenchEnvironment(),
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  })
  const results: ServerCpuRatio[] = []
  // after crdconv's lines, on the sizes whose targets the floor bears on, as the HTTP bench's
  const floorLines: ServerCpuRatio[] = []
  return new Promise((resolve, reject) => {
    running.on('message', (message) => {
      const { objects, bare, crdconv, floor } = message as {
        objects: number
        bare: number[]
        crdconv: number[]
        floor: number[]
      }
      const line = (platform: string, runs: number[]): ServerCpuRatio => ({
        platform,
        objects,
        bareMicros: round(median(bare), 1),
        crdconvMicros: round(median(runs), 1),
        ratio: round(median(runs.map((micros, index) => micros / (bare[index] ?? NaN)))),
        rounds: bare.length,
        errors: 0,
      })
      results.push(line('Lambda, Function URL event', crdconv))
      if (FLOOR_SIZES.some((size) => size.objects === objects))
        floorLines.push(line(LAMBDA_FLOOR_PLATFORM, floor))
    })
    running.once('error', reject)
    running.once('exit', (code) =>
      code === 0
        ? resolve([...results, ...floorLines])
        : reject(new Error(`the Lambda bench child exited with ${code}`))
    )
  })
}

async function measureColdStart(
  workDir: string,
  crdconv: string,
  bare: string,
  floor: string
): Promise<ColdStartResult> {
  const eventFile = join(workDir, 'cold-start-event.json')
  const body = cronTabReviewBody(1)
  const event = reviewFunctionUrlEvent(body)
  writeFileSync(eventFile, JSON.stringify(event))
  type Run = { loadMs: number; totalMs: number }
  const bundles = { bare, crdconv, floor }
  type Name = keyof typeof bundles
  const names = Object.keys(bundles) as Name[]
  const runs: Record<Name, Run[]> = { bare: [], crdconv: [], floor: [] }
  const once = async (bundle: string) => {
    const { stderr } = await execFileAsync(
      process.execPath,
      ['--input-type=module', '-e', COLD_START_TIMER, pathToFileURL(bundle).href, eventFile],
      { env: openBenchEnvironment() }
    )
    return lastJsonLine<Run>(stderr)
  }
  for (let run = 0; run < COLD_RUNS; run++) {
    for (const name of orderOfRound(names, run)) runs[name].push(await once(bundles[name]))
  }
  const total = (name: Name) => runs[name].map((one) => one.totalMs)
  const load = (name: Name) => runs[name].map((one) => one.loadMs)
  const ratio = (name: Name) =>
    round(median(total(name).map((ms, index) => ms / (total('bare')[index] ?? NaN))))
  return {
    bareMs: round(median(total('bare'))),
    crdconvMs: round(median(total('crdconv'))),
    ratio: ratio('crdconv'),
    bareLoadMs: round(median(load('bare'))),
    crdconvLoadMs: round(median(load('crdconv'))),
    floorMs: round(median(total('floor'))),
    floorLoadMs: round(median(load('floor'))),
    floorRatio: ratio('floor'),
    runs: COLD_RUNS,
  }
}
