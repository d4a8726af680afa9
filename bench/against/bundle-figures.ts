// `--against <ref>`: the bundles each tree deploys, weighed raw and gzipped, and its Worker beside
// the other commit's in alternating rounds: the script wrangler uploads (wrangler.toml's `main`,
// bundled for workerd and minified as wrangler does with `minify = true`), loaded in a fresh Node
// process and sent its first review through the default export's `fetch`.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { workerBundle } from '../../test/support/worker-bundle-modules.ts'
import { execFileAsync, lastJsonLine, openBenchEnvironment, printTable } from '../bench-support.ts'
import { cronTabReviewBody } from '../crontab-review.ts'
import { orderOfRound } from '../take-turns.ts'
import { gzippedBytes } from '../targets.ts'
import type { PairedFigure } from './paired-figures.ts'

type Side = 'current' | 'currentAgain' | 'against'
const SIDES: readonly Side[] = ['current', 'currentAgain', 'against']

/** One tree's Worker script as uploaded: its bytes, minified and gzipped. */
export interface BundleWeight {
  readonly rawBytes: number
  readonly gzipBytes: number
}

/**
 * Evaluates a Worker script and sends it one review, in a fresh process: CPU of the module load
 * and of load plus first answer, as COLD_START_TIMER (lambda-bench.ts) measures the Lambda.
 */
const WORKER_COLD_START_TIMER = `
import { readFileSync } from 'node:fs'
const body = readFileSync(process.argv[2], 'utf8')
const cpu = process.cpuUsage()
const worker = (await import(process.argv[1])).default
const loaded = process.cpuUsage(cpu)
const env = { CONVERT_ALLOW_UNAUTHENTICATED: 'true' }
const context = { waitUntil() {}, passThroughOnException() {} }
const request = new Request('http://127.0.0.1/convert', { method: 'POST', headers: { 'content-type': 'application/json' }, body })
const response = await worker.fetch(request, env, context)
await response.text()
const used = process.cpuUsage(cpu)
if (response.status !== 200) throw new Error('the cold review answered ' + response.status)
process.stderr.write(JSON.stringify({ loadMs: (loaded.user + loaded.system) / 1000, totalMs: (used.user + used.system) / 1000 }) + '\\n')
`

/** The Worker entry a tree's wrangler.toml names (`main`). */
function workerEntry(tree: string): string {
  const toml = readFileSync(join(tree, 'wrangler.toml'), 'utf8')
  const main = /^main\s*=\s*"([^"]+)"/m.exec(toml)?.[1]
  if (main === undefined) throw new Error(`${tree}/wrangler.toml names no main`)
  return join(tree, main)
}

/** Each tree's Worker script, weighed, then loaded and asked once per round in a fresh process. */
export async function measureWorker(
  workDir: string,
  trees: Record<Side, string>,
  rounds: number
): Promise<{ weights: Record<'current' | 'against', BundleWeight>; figures: PairedFigure[] }> {
  const scripts = {} as Record<Side, string>
  const weights = {} as Record<'current' | 'against', BundleWeight>
  for (const side of SIDES) {
    const { code } = await workerBundle(
      { entryPoints: [workerEntry(trees[side])] },
      'neutral',
      true
    )
    scripts[side] = join(workDir, `worker-${side}`, 'worker.mjs')
    mkdirSync(dirname(scripts[side]), { recursive: true })
    writeFileSync(scripts[side], code)
    if (side !== 'currentAgain') {
      weights[side] = { rawBytes: code.length, gzipBytes: gzippedBytes(code) }
    }
  }
  const bodyFile = join(workDir, 'worker-cold-review.json')
  writeFileSync(bodyFile, cronTabReviewBody(1))
  const runs = await coldStartRuns(WORKER_COLD_START_TIMER, scripts, bodyFile, rounds)
  const figure = (name: string, key: keyof ColdStartRun): PairedFigure => ({
    name,
    unit: 'ms CPU',
    current: runs.current.map((run) => run[key]),
    currentAgain: runs.currentAgain.map((run) => run[key]),
    against: runs.against.map((run) => run[key]),
  })
  return {
    weights,
    figures: [
      figure('Worker cold start (module load + first review)', 'totalMs'),
      figure('start-up: Worker script module load', 'loadMs'),
    ],
  }
}

/** One cold start: CPU ms of the module load, and of the load plus the first request. */
export interface ColdStartRun {
  readonly loadMs: number
  readonly totalMs: number
}

/**
 * `rounds` alternating rounds of a fresh Node process per script, each running `timer` (a module
 * that reports a {@link ColdStartRun} as its last stderr line) on the script and `input`.
 */
export async function coldStartRuns<Name extends string>(
  timer: string,
  scripts: Readonly<Record<Name, string>>,
  input: string,
  rounds: number
): Promise<Record<Name, ColdStartRun[]>> {
  const names = Object.keys(scripts) as Name[]
  const runs = Object.fromEntries(names.map((name) => [name, []])) as unknown as Record<
    Name,
    ColdStartRun[]
  >
  for (let round = 0; round < rounds; round++) {
    for (const name of orderOfRound(names, round)) {
      const script = pathToFileURL(scripts[name]).href
      const { stderr } = await execFileAsync(
        process.execPath,
        ['--input-type=module', '-e', timer, script, input],
        { env: openBenchEnvironment() }
      )
      runs[name].push(lastJsonLine<ColdStartRun>(stderr))
    }
  }
  return runs
}

/** A bundle file's weight, as measureWorker weighs the Worker. */
export function weighBundle(file: string): BundleWeight {
  const code = readFileSync(file)
  return { rawBytes: code.length, gzipBytes: gzippedBytes(code) }
}

/** The bundles' weights, this tree beside the other commit: bytes are exact, so no rounds. */
export function printBundleWeights(
  ref: string,
  bundles: readonly {
    readonly name: string
    readonly weights: Record<'current' | 'against', BundleWeight>
  }[]
): void {
  const bytes = (count: number) => `${count.toLocaleString('en')} B`
  const change = (now: number, before: number) => {
    const sign = now >= before ? '+' : '−'
    const percent = (Math.abs(now / before - 1) * 100).toFixed(1)
    return `${sign}${Math.abs(now - before).toLocaleString('en')} B (${sign}${percent} %)`
  }
  printTable(
    `Bundles, this tree against ${ref} (minified; gzip level 9)`,
    ['bundle', ref, 'this tree', 'change'],
    bundles.flatMap(({ name, weights: { current, against } }) => [
      [
        `${name}, bytes`,
        bytes(against.rawBytes),
        bytes(current.rawBytes),
        change(current.rawBytes, against.rawBytes),
      ],
      [
        `${name}, gzipped`,
        bytes(against.gzipBytes),
        bytes(current.gzipBytes),
        change(current.gzipBytes, against.gzipBytes),
      ],
    ])
  )
}
