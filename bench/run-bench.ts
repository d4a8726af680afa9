// `npm run bench`: every figure of docs/performance.md, measured beside its baseline in one
// run, printed as a table with the targets' PASS/MISS and written to bench/results.json.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, tmpdir, totalmem, type as osType, release } from 'node:os'
import { join } from 'node:path'
import {
  printTable,
  readResults,
  repoRoot,
  round,
  writeResults,
  type ServerCpuRatio,
} from './bench-support.ts'
import { parseAgainstOptions, runAgainst } from './against/run-against.ts'
import { benchCore, type CoreResult } from './core-bench.ts'
import { benchHttp, GUARANTEE_FLOOR_PLATFORMS, NOISE_FLOOR_PLATFORM } from './http-bench.ts'
import { benchLambda, LAMBDA_FLOOR_PLATFORM, type ColdStartResult } from './lambda-bench.ts'
import { benchImport } from './import-bench.ts'
import { measuredSourcesHash } from './measured-sources.ts'
import { benchMemory } from './memory-bench.ts'
import { benchMetrics } from './metrics-bench.ts'
import { benchMigrate, printMigrate } from './migrate-bench.ts'
import { benchStatusPrediction, printStatusPrediction } from './status-prediction-bench.ts'
import { benchPackageSize } from './package-size-bench.ts'
import { benchSizes } from './size-bench.ts'
import { benchStartup } from './startup-bench.ts'
import { coldStartTarget, coreTarget, printTargets, SIZE_CEILINGS, type Target } from './targets.ts'
import { benchWorstCase, type WorstCaseLine } from './worst-case-bench.ts'
import { parseSystemOptions } from './whole-system/options.ts'
import { printSystem } from './whole-system/report.ts'
import { benchSystem } from './whole-system/system.ts'

// lines beside crdconv's that measure the method and the floor, not crdconv: no target
const MEASURES_NOT_CRDCONV = new Set<string>([
  NOISE_FLOOR_PLATFORM,
  ...Object.values(GUARANTEE_FLOOR_PLATFORMS),
  LAMBDA_FLOOR_PLATFORM,
])

const KiB = 1024
const MiB = 1024 * 1024

// `npm run bench -- --against <ref>` compares this tree with another commit instead (bench/against)
const against = parseAgainstOptions(process.argv.slice(2))
if (against !== undefined) process.exit((await runAgainst(against)) ? 0 : 1)

const workDir = mkdtempSync(join(tmpdir(), 'crdconv-bench-'))
// also when a signal ends the run early (process.exit skips finally blocks)
process.on('exit', () => rmSync(workDir, { recursive: true, force: true }))
const step = (what: string) => process.stderr.write(`… ${what}\n`)
// the whole-system step is last and takes minutes: `npm run bench -- --no-system` leaves it out;
// any other flags are its own (`npm run bench -- --rtt 0,20 --objects 50`)
const benchArgs = process.argv.slice(2)
const withSystem = !benchArgs.includes('--no-system')
const systemOptions = parseSystemOptions(benchArgs.filter((arg) => arg !== '--no-system'))

try {
  const started = Date.now()
  step('core: review layer beside the JSON floor')
  const { sizes: core, tuned: coreTuned } = await benchCore(workDir)
  step('metrics: the HTTP app with its metrics observer beside the same app without')
  const metricsCost = await benchMetrics(workDir)
  step(
    'size: wrangler deploy --dry-run here and in a project made by crdconv init, esbuild Lambda bundle'
  )
  const sizes = await benchSizes(workDir)
  step('package: npm pack --dry-run of the build')
  const packageSize = await benchPackageSize()
  step('start-up: fresh Node processes')
  const startup = await benchStartup(workDir, [
    { name: 'Worker script', file: sizes.workerFile },
    { name: 'Lambda bundle', file: sizes.lambda.file },
  ])
  step('memory: 10,000 objects, then the largest review within 128 MiB')
  const memory = await benchMemory(workDir)
  step(
    'platforms: Node (HTTP, HTTPS) and workerd under autocannon, each beside a bare Hono server, after two bare Node servers side by side (the noise floor)'
  )
  const http = await benchHttp(workDir, sizes.workerFile)
  step('platforms: the Lambda handler beside a bare hono/aws-lambda handler, warm and cold')
  const lambda = await benchLambda(workDir, sizes.lambda.file)
  const platforms = [...http, ...lambda.invocations]
  step('worst-case bodies: each costly shape through the Node server, Lambda and the Worker')
  const worstCase = await benchWorstCase(sizes.workerFile)
  step('import: the Prometheus CRD, imported and regenerated')
  const imported = await benchImport()
  step('migrate: 1,000 and 10,000 objects on a local API server (KUBEBUILDER_ASSETS)')
  // without the API server binaries, the figures of the last run that measured them (bench:migrate)
  const migrate = orLastMeasured(await benchMigrate(), 'migrate', 'runs')
  step("status: crdconv status's predicted webhook cost beside the measured one, on each release")
  // likewise (bench:status)
  const statusPrediction = orLastMeasured(
    await benchStatusPrediction(),
    'statusPrediction',
    'releases'
  )
  if (withSystem) {
    step(
      'whole system: the real API servers, crdconv beside a bare webhook behind the distance proxy (npm run bench:system alone)'
    )
  }
  const system = withSystem ? await benchSystem(systemOptions) : null

  const targets: Target[] = [
    ...core.map((line) => coreTarget(line.objects, line.ratio)),
    ...metricsCost.map((line) => ({
      name: `metrics, ${line.objects.toLocaleString('en')} object${line.objects === 1 ? '' : 's'}`,
      measured: `${line.ratio.toFixed(2)}× the app without metrics`,
      limit: '≤ 1.05×',
      pass: line.ratio <= 1.05,
    })),
    ...platforms
      .filter((line) => !MEASURES_NOT_CRDCONV.has(line.platform))
      .filter((line) => line.objects === 1 || line.objects === 1000)
      .map((line) => {
        const limit = line.objects === 1 ? 1.3 : 1.2
        return {
          name: `${line.platform}, ${line.objects.toLocaleString('en')} object${line.objects === 1 ? '' : 's'}`,
          measured: `${line.ratio.toFixed(2)}× bare server CPU`,
          limit: `≤ ${limit}×`,
          pass: line.ratio <= limit,
        }
      }),
    coldStartTarget(lambda.coldStart.ratio),
    {
      name: 'Worker upload of a crdconv init project, minified + gzipped',
      measured: `${round(sizes.scaffoldWorker.gzipBytes / KiB, 1)} KiB`,
      limit: `≤ ${SIZE_CEILINGS.scaffoldWorkerGzipBytes / KiB} KiB`,
      pass: sizes.scaffoldWorker.gzipBytes <= SIZE_CEILINGS.scaffoldWorkerGzipBytes,
    },
    {
      name: 'Lambda bundle, minified + gzipped',
      measured: `${round(sizes.lambda.gzipBytes / KiB, 1)} KiB`,
      limit: `≤ ${SIZE_CEILINGS.lambdaGzipBytes / KiB} KiB`,
      pass: sizes.lambda.gzipBytes <= SIZE_CEILINGS.lambdaGzipBytes,
    },
    {
      name: '@crdconv/webhook package, unpacked, no tests',
      measured: `${round(packageSize.unpackedBytes / KiB, 1)} KiB, ${packageSize.strayFiles.length} test/bench/script files`,
      limit: `≤ ${SIZE_CEILINGS.runtimePackageBytes / KiB} KiB, 0 files`,
      pass:
        packageSize.unpackedBytes <= SIZE_CEILINGS.runtimePackageBytes &&
        packageSize.strayFiles.length === 0,
    },
    ...startup
      .filter((line) => line.module !== 'empty module')
      .map((line) => ({
        name: `start-up, ${line.module}`,
        measured: `+${line.overEmptyMs.toFixed(1)} ms CPU over empty module`,
        limit: '≤ 20 ms',
        pass: line.overEmptyMs <= 20,
      })),
    {
      name: '10,000-object review in 128 MiB heap',
      measured: memory.tenThousand.converted ? 'converts' : 'does not convert',
      limit: 'converts',
      pass: memory.tenThousand.converted,
    },
    ...(imported === undefined
      ? []
      : [
          {
            name: `import + regenerate, Prometheus CRD (${imported.lines.toLocaleString('en')} lines)`,
            measured: `${imported.importCpuMs} ms CPU (${imported.importMs} ms wall)`,
            limit: '< 2,000 ms CPU',
            pass: imported.importCpuMs < 2000,
          },
        ]),
  ]

  const machine = {
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    cores: cpus().length,
    memoryGiB: round(totalmem() / (1024 * MiB), 1),
    os: `${osType()} ${release()}`,
    node: process.version,
  }
  const results = {
    date: new Date().toISOString(),
    // the code these figures describe: the docs test compares the hash with the sources as they are
    sources: {
      hash: measuredSourcesHash(repoRoot),
      commit: execFileSync('git', ['rev-parse', 'HEAD'], {
        cwd: repoRoot,
        encoding: 'utf8',
      }).trim(),
    },
    machine,
    core,
    coreTuned,
    metrics: metricsCost,
    http,
    lambda,
    worstCase,
    size: {
      scaffoldWorker: sizes.scaffoldWorker,
      lambda: { ...sizes.lambda, file: undefined },
      package: packageSize,
    },
    startup,
    memory,
    import: imported ?? null,
    migrate,
    statusPrediction,
    // --no-system keeps the whole-system figures of the last run that measured them
    system: system ?? readResults()['system'] ?? null,
    targets,
    seconds: round((Date.now() - started) / 1000, 0),
  }
  await writeResults(results)
  printReport(
    results.machine,
    [...core, coreTuned],
    platforms,
    lambda.coldStart,
    sizes,
    startup,
    memory,
    targets
  )
  printWorstCase(worstCase)
  printMigrate(migrate)
  printStatusPrediction(statusPrediction)
  if (system !== null) printSystem(system)
  console.log(`\nwritten: bench/results.json (${results.seconds} s)`)
} finally {
  rmSync(workDir, { recursive: true, force: true })
}

/**
 * What a step measured, or, when it was skipped here, the figures under `key` in
 * bench/results.json if they hold `figures` (a run that measured them).
 */
function orLastMeasured<T extends object>(measured: T, key: string, figures: string): T {
  const previous = readResults()[key] as T | undefined
  return 'skipped' in measured && previous !== undefined && figures in previous
    ? previous
    : measured
}

function printReport(
  machine: { cpu: string; cores: number; memoryGiB: number; os: string; node: string },
  core: CoreResult[],
  platforms: ServerCpuRatio[],
  coldStart: ColdStartResult,
  sizes: Awaited<ReturnType<typeof benchSizes>>,
  startup: Awaited<ReturnType<typeof benchStartup>>,
  memory: Awaited<ReturnType<typeof benchMemory>>,
  targets: Target[]
): void {
  console.log(
    `\ncrdconv bench — ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, ${machine.os}, Node ${machine.node}`
  )
  printTable(
    'Core: CPU time per review (parse, envelope, convert, answer check, serialize) vs JSON.stringify(JSON.parse(body))',
    ['objects', 'body', 'JSON floor', 'review', 'ratio'],
    core.map((line) => [
      `${line.objects.toLocaleString('en')}${'nodeFlag' in line ? ` (node ${String(line.nodeFlag)})` : ''}`,
      bytes(line.bodyBytes),
      `${line.floorMicros} µs`,
      `${line.reviewMicros} µs`,
      `${line.ratio.toFixed(2)}×`,
    ])
  )
  printTable(
    'Platforms: server CPU per review beside a bare Hono server doing the same parse, set apiVersion, stringify (medians of alternating rounds)',
    ['platform', 'objects', 'bare', 'crdconv / second server', 'ratio', 'its reviews/s', 'errors'],
    platforms.map((line) => [
      line.platform,
      line.objects.toLocaleString('en'),
      micros(line.bareMicros),
      micros(line.crdconvMicros),
      `${line.ratio.toFixed(2)}×`,
      line.crdconvPerSecond === undefined ? '' : line.crdconvPerSecond.toLocaleString('en'),
      String(line.errors),
    ])
  )
  printTable(
    `Lambda cold start: module load + first invocation in a fresh Node process, CPU (median of ${coldStart.runs} each)`,
    ['handler', 'load', 'load + first invocation', 'ratio'],
    [
      ['bare hono/aws-lambda', `${coldStart.bareLoadMs} ms`, `${coldStart.bareMs} ms`, ''],
      [
        'crdconv',
        `${coldStart.crdconvLoadMs} ms`,
        `${coldStart.crdconvMs} ms`,
        `${coldStart.ratio.toFixed(2)}×`,
      ],
      [
        'the floor: bare + the example resources, log line, Server-Timing',
        `${coldStart.floorLoadMs} ms`,
        `${coldStart.floorMs} ms`,
        `${coldStart.floorRatio.toFixed(2)}×`,
      ],
    ]
  )
  printTable(
    'Size',
    ['bundle', 'minified', 'gzip -9', 'of which zod', 'zod classic'],
    [
      [
        'Worker upload of a crdconv init project (npm run build:worker, minify = true)',
        bytes(sizes.scaffoldWorker.rawBytes),
        bytes(sizes.scaffoldWorker.gzipBytes),
        bytes(sizes.scaffoldWorker.zodBytes),
        bytes(sizes.scaffoldWorker.zodClassicBytes),
      ],
      [
        'Lambda (esbuild, node20, esm, minified)',
        bytes(sizes.lambda.rawBytes),
        bytes(sizes.lambda.gzipBytes),
        '',
        '',
      ],
    ]
  )
  printTable(
    'Start-up: await import() in a fresh Node process (median of 21; target on CPU time)',
    ['module', 'import CPU', 'over empty', 'import wall', 'over empty', 'process start → ready'],
    startup.map((line) => {
      const empty = line.module === 'empty module'
      return [
        line.module,
        `${line.importCpuMs} ms`,
        empty ? '' : `+${line.overEmptyMs} ms`,
        `${line.importMs} ms`,
        empty ? '' : `+${line.overEmptyWallMs} ms`,
        `${line.readyMs} ms`,
      ]
    })
  )
  const run = (label: string, line: typeof memory.largest) => [
    label,
    line.objects.toLocaleString('en'),
    line.bodyBytes === undefined ? '' : bytes(line.bodyBytes),
    line.heapHeldBytes === undefined ? '' : bytes(line.heapHeldBytes),
    line.maxRssBytes === undefined ? '' : bytes(line.maxRssBytes),
    line.converted ? 'yes' : 'no',
  ]
  printTable(
    `Memory: node --max-old-space-size=${memory.heapLimitMiB} (heap held = body, parsed request, answer and its text all alive)`,
    ['review', 'objects', 'body', 'heap held', 'peak RSS', 'converts'],
    [
      run('10,000 objects', memory.tenThousand),
      run('largest found', memory.largest),
      ['smallest failing', memory.smallestFailing.toLocaleString('en'), '', '', '', 'no'],
    ]
  )
  printTargets('Targets', targets)
}

function micros(value: number): string {
  return value < 1000 ? `${value} µs` : `${round(value / 1000, 2)} ms`
}

function bytes(count: number): string {
  if (count < 10 * KiB) return `${count} B`
  if (count < 10 * MiB) return `${round(count / KiB, 1)} KiB`
  return `${round(count / MiB, 1)} MiB`
}

function printWorstCase(lines: readonly WorstCaseLine[]): void {
  const cell = (ms: number, ratio: number) => `${ms.toFixed(1)} ms (${ratio.toFixed(1)}×)`
  printTable(
    'Worst-case bodies (about 4 MiB each): one request per platform, wall time and × JSON.parse of the same bytes',
    ['body', 'answer', 'JSON.parse', 'Node server', 'Lambda handler', 'Worker (workerd)'],
    lines.map((line) => [
      line.body,
      line.status,
      `${line.parseMs.toFixed(1)} ms`,
      cell(line.nodeMs, line.nodeRatio),
      cell(line.lambdaMs, line.lambdaRatio),
      cell(line.workerMs, line.workerRatio),
    ])
  )
}
