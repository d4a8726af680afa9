// `npm run bench -- --against <ref>`: this tree beside another commit, built in a scratch tree,
// in alternating rounds of one run: core (CPU per review over the JSON floor, each tree's own
// core child), the Lambda cold start and its module load (each tree's Lambda entry from its
// template.yaml), the Worker's (its wrangler.toml's main) and both bundles' bytes; with `--platforms`, Node over HTTP and HTTPS and the warm Lambda as well; with
// `--check-time`, `crdconv check` at its defaults (bench/against/check-time.ts). This
// tree is measured twice per round, so the run gives its own noise; a figure slower than the
// other commit beyond it is a regression, and the run exits 1.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseSamTemplate, webhookFunction } from '../../scripts/sam-template.ts'
import {
  bundleForNode,
  execFileAsync,
  lastJsonLine,
  median,
  printTable,
  repoRoot,
} from '../bench-support.ts'
import { cronTabReviewBody } from '../crontab-review.ts'
import { COLD_START_TIMER } from '../lambda-bench.ts'
import { reviewFunctionUrlEvent } from '../review-event.ts'
import { orderOfRound } from '../take-turns.ts'
import { judgeFigure, type FigureVerdict, type PairedFigure } from './paired-figures.ts'
import { measureNodeServers, measureWarmLambda } from './platform-figures.ts'
import { coldStartTarget, coreTarget, printTargets, type Target } from '../targets.ts'
import { defaultBaseRef, scratchTree } from './scratch-tree.ts'
import { writeGateReport } from './gate-report.ts'
import { CHECK_TIME_LIMIT, measureCheckTime } from './check-time.ts'
import {
  coldStartRuns,
  measureWorker,
  printBundleWeights,
  weighBundle,
  type ColdStartRun,
} from './bundle-figures.ts'

/** The sizes of the core figure in the comparison: 10,000 needs separate heaps and minutes. */
const CORE_SIZES = [1, 100, 1000] as const
const CORE_ROUNDS = 4
/** Seconds each core child measures, after its own warm-up. */
const CORE_SECONDS = '1.5'
const COLD_ROUNDS = 21

type Side = 'current' | 'currentAgain' | 'against'
const SIDES: readonly Side[] = ['current', 'currentAgain', 'against']

interface AgainstOptions {
  readonly ref: string | undefined
  readonly report: string | undefined
  /** `--platforms`: Node over HTTP and HTTPS and the warm Lambda too (minutes more). */
  readonly platforms: boolean
  /** `--check-time`: `crdconv check` at its defaults on the CronTab and the largest corpus CRD too. */
  readonly checkTime: boolean
}

/** `--against [ref]` and `--report file` from the bench's arguments. */
export function parseAgainstOptions(args: readonly string[]): AgainstOptions | undefined {
  const at = args.indexOf('--against')
  if (at === -1) return undefined
  const next = args[at + 1]
  const reportAt = args.indexOf('--report')
  return {
    ref: next === undefined || next.startsWith('--') ? undefined : next,
    report: reportAt === -1 ? undefined : args[reportAt + 1],
    platforms: args.includes('--platforms'),
    checkTime: args.includes('--check-time'),
  }
}

export async function runAgainst(options: AgainstOptions): Promise<boolean> {
  const started = Date.now()
  const step = (line: string) => process.stderr.write(`… ${line}\n`)
  const ref = options.ref ?? defaultBaseRef()
  if (ref === undefined) {
    console.log('bench --against: no commit to compare with (no origin/main, no parent of HEAD)')
    return true
  }
  const other = scratchTree(ref, step)
  const workDir = mkdtempSync(join(tmpdir(), 'crdconv-against-'))
  try {
    const trees: Record<Side, string> = {
      current: repoRoot,
      currentAgain: repoRoot,
      against: other.directory,
    }
    step(`core: ${CORE_SIZES.join(', ')} objects, ${CORE_ROUNDS} rounds of three processes`)
    const core = await measureCore(workDir, trees)
    step(`Lambda cold start: ${COLD_ROUNDS} rounds, a fresh process per bundle`)
    const cold = await measureColdStart(workDir, trees)
    step(
      `Worker: each tree's script weighed, then ${COLD_ROUNDS} rounds of a fresh process per script`
    )
    const worker = await measureWorker(workDir, trees, COLD_ROUNDS)
    const lambdaBundles = coldStartBundles(workDir)
    const bundles = [
      { name: 'Worker script', weights: worker.weights },
      {
        name: 'Lambda bundle',
        weights: {
          current: weighBundle(lambdaBundles.current),
          against: weighBundle(lambdaBundles.against),
        },
      },
    ]
    const platforms: PairedFigure[] = []
    if (options.platforms) {
      step(`Lambda, warm: ${SIDES.length} bundles invoked in turns in one process`)
      platforms.push(...(await measureWarmLambda(coldStartBundles(workDir))))
      step('Node over HTTP and HTTPS: three servers loaded in turns')
      platforms.push(...(await measureNodeServers(workDir, trees)))
    }
    const verdicts = [...core.figures, ...cold.figures, ...worker.figures, ...platforms].map(
      judgeFigure
    )
    const targets = [
      ...[...core.currentRatios].map(([objects, ratio]) => coreTarget(objects, ratio)),
      coldStartTarget(cold.currentOverBare),
    ]
    // check is meant to do more as the kit grows: a bound of its own, not the regression rule
    const checkTime = options.checkTime ? await measureCheckTime(workDir, trees, step) : undefined
    for (const [name, ratio] of checkTime?.ratios ?? []) {
      targets.push({
        name: `${name}, this tree / ${other.ref}`,
        measured: `${ratio.toFixed(2)}×`,
        limit: `≤ ${CHECK_TIME_LIMIT}×`,
        pass: ratio <= CHECK_TIME_LIMIT,
      })
    }
    printComparison(other.ref, other.commit, verdicts, targets)
    printBundleWeights(other.ref, bundles)
    if (checkTime !== undefined) printCheckTime(other.ref, checkTime.figures.map(judgeFigure))
    const seconds = Math.round((Date.now() - started) / 1000)
    console.log(`\nbench --against ${other.ref}: ${seconds} s`)
    if (options.report !== undefined) writeGateReport(options.report, verdicts, targets, seconds)
    return verdicts.every((verdict) => verdict.verdict !== 'regression')
  } finally {
    rmSync(workDir, { recursive: true, force: true })
  }
}

async function measureCore(
  workDir: string,
  trees: Record<Side, string>
): Promise<{ figures: PairedFigure[]; currentRatios: Map<number, number> }> {
  const children = {} as Record<Side, string>
  for (const side of SIDES) {
    children[side] = join(workDir, `core-${side}.mjs`)
    await bundleForNode(join(trees[side], 'bench/children/core-child.ts'), children[side])
  }
  const figures: PairedFigure[] = []
  const currentRatios = new Map<number, number>()
  for (const objects of CORE_SIZES) {
    const ratios: Record<Side, number[]> = { current: [], currentAgain: [], against: [] }
    for (let round = 0; round < CORE_ROUNDS; round++) {
      for (const side of orderOfRound(SIDES, round)) {
        const { stdout } = await execFileAsync(process.execPath, [
          children[side],
          String(objects),
          CORE_SECONDS,
        ])
        const measured = lastJsonLine<{ floorMicros: number; reviewMicros: number }>(stdout)
        ratios[side].push(measured.reviewMicros / measured.floorMicros)
      }
    }
    figures.push({
      name: `core, ${objects.toLocaleString('en')} object${objects === 1 ? '' : 's'} (review / JSON floor)`,
      unit: '×',
      ...ratios,
    })
    currentRatios.set(objects, median([...ratios.current, ...ratios.currentAgain]))
  }
  return { figures, currentRatios }
}

/** The Lambda entry a tree's template.yaml names (BuildProperties.EntryPoints). */
function lambdaEntry(tree: string): string {
  const fn = webhookFunction(parseSamTemplate(readFileSync(join(tree, 'template.yaml'), 'utf8')))
  const entries = fn.Metadata?.BuildProperties?.['EntryPoints']
  const codeUri = typeof fn.Properties['CodeUri'] === 'string' ? fn.Properties['CodeUri'] : '.'
  if (!Array.isArray(entries) || typeof entries[0] !== 'string') {
    throw new Error(`${tree}/template.yaml names no BuildProperties.EntryPoints`)
  }
  return join(tree, codeUri, entries[0])
}

/** Each side's minified Lambda bundle, as measureColdStart builds it. */
function coldStartBundles(workDir: string): Record<Side, string> {
  return {
    current: join(workDir, 'cold-current', 'index.mjs'),
    currentAgain: join(workDir, 'cold-currentAgain', 'index.mjs'),
    against: join(workDir, 'cold-against', 'index.mjs'),
  }
}

async function measureColdStart(
  workDir: string,
  trees: Record<Side, string>
): Promise<{ figures: PairedFigure[]; currentOverBare: number }> {
  const bundles = { bare: join(workDir, 'cold-bare', 'index.mjs') } as Record<Side | 'bare', string>
  await bundleForNode(join(repoRoot, 'bench/children/bare-lambda.ts'), bundles.bare, {
    minify: true,
  })
  for (const side of SIDES) {
    bundles[side] = coldStartBundles(workDir)[side]
    await bundleForNode(lambdaEntry(trees[side]), bundles[side], { minify: true })
  }
  const eventFile = join(workDir, 'cold-start-event.json')
  writeFileSync(eventFile, JSON.stringify(reviewFunctionUrlEvent(cronTabReviewBody(1))))
  const runs = await coldStartRuns(COLD_START_TIMER, bundles, eventFile, COLD_ROUNDS)
  const field = (name: Side | 'bare', key: keyof ColdStartRun) => runs[name].map((run) => run[key])
  const figure = (name: string, key: keyof ColdStartRun): PairedFigure => ({
    name,
    unit: 'ms CPU',
    current: field('current', key),
    currentAgain: field('currentAgain', key),
    against: field('against', key),
  })
  const bare = field('bare', 'totalMs')
  return {
    figures: [
      figure('Lambda cold start (module load + first invocation)', 'totalMs'),
      figure('start-up: Lambda bundle module load', 'loadMs'),
    ],
    currentOverBare: median(
      field('current', 'totalMs').map((ms, index) => ms / (bare[index] ?? NaN))
    ),
  }
}

function printCheckTime(ref: string, verdicts: readonly FigureVerdict[]): void {
  printTable(
    `crdconv check at its defaults, this tree against ${ref}: medians of alternating rounds (a target, not a regression check)`,
    ['figure', ref, 'this tree', 'new/old', 'A/A noise', 'rounds'],
    verdicts.map((verdict) => [
      verdict.name,
      `${verdict.against.toFixed(0)} ms CPU`,
      `${verdict.current.toFixed(0)} ms CPU`,
      `${verdict.ratio.toFixed(2)}×`,
      `±${(verdict.noise * 100).toFixed(1)} %`,
      String(verdict.rounds),
    ])
  )
}

function printComparison(
  ref: string,
  commit: string,
  verdicts: readonly FigureVerdict[],
  targets: readonly Target[]
): void {
  const value = (number: number, unit: string) =>
    unit === '×' ? `${number.toFixed(2)}×` : `${number.toFixed(1)} ${unit}`
  printTable(
    `This tree against ${ref} (${commit.slice(0, 12)}): medians of alternating rounds; A/A noise is the widest ratio of this tree against itself in the same run`,
    ['figure', ref, 'this tree', 'new/old', 'A/A noise', 'rounds', ''],
    verdicts.map((verdict) => [
      verdict.name,
      value(verdict.against, verdict.unit),
      value(verdict.current, verdict.unit),
      `${verdict.ratio.toFixed(2)}×`,
      `±${(verdict.noise * 100).toFixed(1)} %`,
      String(verdict.rounds),
      verdict.verdict === 'regression'
        ? `REGRESSION (over ${(1 + verdict.allowance).toFixed(2)}×)`
        : verdict.verdict,
    ])
  )
  printTargets(
    'Targets of this tree (a MISS is reported, the regression check above is what fails)',
    targets
  )
}
