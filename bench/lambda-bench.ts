import { fork } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import {
  bundleForNode,
  execFileAsync,
  lastJsonLine,
  median,
  repoRoot,
  round,
  type ServerCpuRatio,
} from './bench-support.ts'
import { REVIEW_SIZES } from './http-bench.ts'
import { functionUrlEvent } from '../src/lambda-local/index.ts'
import { cronTabReviewBody } from './crontab-review.ts'

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
  readonly runs: number
}

const ROUNDS = 25
const COLD_RUNS = 15

// The Lambda runtime sets up its logging before it loads the handler, so the first console.log's
// set-up is not the handler's cost: the timer pays it before the clock starts.
const COLD_START_TIMER = `
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

  const child = join(workDir, 'lambda-child.mjs')
  await bundleForNode(join(repoRoot, 'bench/children/lambda-child.ts'), child)
  const invocations = await measureInvocations(child, lambdaBundle, bareBundle)
  const coldStart = await measureColdStart(workDir, lambdaBundle, bareBundle)
  return { invocations, coldStart }
}

function measureInvocations(
  child: string,
  crdconv: string,
  bare: string
): Promise<ServerCpuRatio[]> {
  const sizes = REVIEW_SIZES.map((size) => size.objects).join(',')
  const args = [pathToFileURL(crdconv).href, pathToFileURL(bare).href, sizes, String(ROUNDS)]
  // stdout to /dev/null, as the Node server's: the log lines cost their write, not a reader
  const running = fork(child, args, { execArgv: [], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] })
  const results: ServerCpuRatio[] = []
  return new Promise((resolve, reject) => {
    running.on('message', (message) => {
      const {
        objects,
        bare: bareRuns,
        crdconv: crdconvRuns,
      } = message as {
        objects: number
        bare: number[]
        crdconv: number[]
      }
      results.push({
        platform: 'Lambda, Function URL event',
        objects,
        bareMicros: round(median(bareRuns), 1),
        crdconvMicros: round(median(crdconvRuns), 1),
        ratio: round(median(crdconvRuns.map((micros, index) => micros / (bareRuns[index] ?? NaN)))),
        rounds: bareRuns.length,
        errors: 0,
      })
    })
    running.once('error', reject)
    running.once('exit', (code) =>
      code === 0
        ? resolve(results)
        : reject(new Error(`the Lambda bench child exited with ${code}`))
    )
  })
}

async function measureColdStart(
  workDir: string,
  crdconv: string,
  bare: string
): Promise<ColdStartResult> {
  const eventFile = join(workDir, 'cold-start-event.json')
  const body = cronTabReviewBody(1)
  const event = functionUrlEvent({
    method: 'POST',
    url: '/convert?timeout=30s',
    // as the warm invocations: the API server declares the length and a Function URL passes it on
    headers: {
      'content-type': ['application/json'],
      'content-length': [String(Buffer.byteLength(body))],
    },
    body: Buffer.from(body),
    sourceIp: '10.0.0.1',
    domainName: 'abcdefghijklmnopqrstuvwxyz012345.lambda-url.eu-west-1.on.aws',
  })
  writeFileSync(eventFile, JSON.stringify(event))
  type Run = { loadMs: number; totalMs: number }
  const runs: Record<'bare' | 'crdconv', Run[]> = { bare: [], crdconv: [] }
  const once = async (bundle: string) => {
    const { stderr } = await execFileAsync(process.execPath, [
      '--input-type=module',
      '-e',
      COLD_START_TIMER,
      pathToFileURL(bundle).href,
      eventFile,
    ])
    return lastJsonLine<{ loadMs: number; totalMs: number }>(stderr)
  }
  for (let run = 0; run < COLD_RUNS; run++) {
    const order = run % 2 === 0 ? (['bare', 'crdconv'] as const) : (['crdconv', 'bare'] as const)
    for (const name of order) runs[name].push(await once(name === 'bare' ? bare : crdconv))
  }
  const total = (name: keyof typeof runs) => runs[name].map((one) => one.totalMs)
  const load = (name: keyof typeof runs) => runs[name].map((one) => one.loadMs)
  return {
    bareMs: round(median(total('bare'))),
    crdconvMs: round(median(total('crdconv'))),
    ratio: round(median(total('crdconv').map((ms, index) => ms / (total('bare')[index] ?? NaN)))),
    bareLoadMs: round(median(load('bare'))),
    crdconvLoadMs: round(median(load('crdconv'))),
    runs: COLD_RUNS,
  }
}
