// The tables the docs show, rendered from bench/results.json (`npm run docs:figures` puts them in
// the marked regions of docs/performance.md and docs/lifecycle.md).
import {
  statusPredictionRows,
  type StatusPredictionResult,
} from '../bench/status-prediction-bench.ts'
import type { SystemFigures } from '../bench/whole-system/figures.ts'
import { systemTables } from '../bench/whole-system/report.ts'

/** The parts of bench/results.json the docs show. */
export interface BenchResults {
  readonly date: string
  /** The code measured: bench/measured-sources.ts's hash, and the commit checked out. */
  readonly sources?: { readonly hash: string; readonly commit: string }
  readonly machine: {
    readonly cpu: string
    readonly cores: number
    readonly memoryGiB: number
    readonly node: string
  }
  readonly core: readonly CoreLine[]
  readonly coreTuned?: CoreLine & { readonly nodeFlag: string }
  readonly http: readonly HttpLine[]
  readonly lambda?: { readonly invocations: readonly HttpLine[] }
  readonly size: {
    /** What `wrangler deploy` uploads from a project made by `crdconv init`. */
    readonly scaffoldWorker: {
      readonly rawBytes: number
      readonly gzipBytes: number
      readonly zodBytes?: number
    }
    readonly lambda: { readonly rawBytes: number; readonly gzipBytes: number }
  }
  readonly startup: readonly StartupLine[]
  readonly memory: {
    readonly heapLimitMiB: number
    readonly tenThousand: MemoryLine
    readonly largest: MemoryLine
    readonly smallestFailing: number
  }
  /** `crdconv migrate` on a local API server; absent or skipped without KUBEBUILDER_ASSETS. */
  readonly migrate?:
    | { readonly runs: readonly MigrateLine[]; readonly date?: string; readonly commit?: string }
    | { readonly skipped: string }
  /** `crdconv status`'s predictions beside measured figures (`npm run bench:status`). */
  readonly statusPrediction?: StatusPredictionResult
  /** The whole-system bench (`npm run bench:system`); absent until it has run. */
  readonly system?: SystemFigures
  readonly targets: readonly {
    readonly name: string
    readonly measured: string
    readonly limit: string
    readonly pass: boolean
  }[]
}

interface MigrateLine {
  readonly objects: number
  readonly seconds: number
  readonly objectsPerSecond: number
  readonly maxRssBytes: number
  readonly rssAfterImportBytes: number
  /** Absent in results from before migrate moved managedFields. */
  readonly plain?: { readonly seconds: number; readonly maxRssBytes: number }
  readonly ownershipRatio?: number
}
interface CoreLine {
  readonly objects: number
  readonly bodyBytes: number
  readonly floorMicros: number
  readonly reviewMicros: number
  readonly ratio: number
}
/** Server CPU per review of one platform beside its bare baseline (bench/bench-support.ts). */
interface HttpLine {
  readonly platform: string
  readonly objects: number
  readonly bareMicros: number
  readonly crdconvMicros: number
  readonly ratio: number
}
interface StartupLine {
  readonly module: string
  readonly importMs: number
  readonly importCpuMs: number
  readonly overEmptyMs: number
  readonly overEmptyWallMs: number
}
interface MemoryLine {
  readonly objects: number
  readonly converted: boolean
  readonly bodyBytes: number
  readonly heapHeldBytes: number
  readonly maxRssBytes: number
}

const KiB = 1024
const MiB = 1024 * 1024
const count = (value: number) => value.toLocaleString('en')
const fixed = (value: number, digits: number) => value.toFixed(digits)
const kib = (bytes: number) => `${fixed(bytes / KiB, 1)} KiB`
const mib = (bytes: number) => `${fixed(bytes / MiB, 1)} MiB`
const size = (bytes: number) => (bytes < KiB ? `${bytes} B` : bytes < MiB ? kib(bytes) : mib(bytes))
const micros = (value: number) =>
  value < 1000 ? `${fixed(value, value < 100 ? 1 : 0)} µs` : `${fixed(value / 1000, 2)} ms`
const ms = (value: number) => `${fixed(value, 1)} ms`
const plural = (objects: number) => `${count(objects)} object${objects === 1 ? '' : 's'}`

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n')
}

function machineLine(results: BenchResults): string {
  const { machine } = results
  return (
    `Run of ${results.date.slice(0, 10)}: ${machine.cpu}, ${machine.cores} cores shared with ` +
    `other jobs, ${machine.memoryGiB} GiB, Node ${machine.node} (\`npm run bench\`, ` +
    '`bench/results.json`).'
  )
}

function httpTable(results: BenchResults): string {
  return table(
    ['platform', 'objects', 'bare Hono server', 'crdconv / second server', 'ratio'],
    [...results.http, ...(results.lambda?.invocations ?? [])].map((line) => [
      line.platform,
      count(line.objects),
      micros(line.bareMicros),
      micros(line.crdconvMicros),
      `${fixed(line.ratio, 2)}×`,
    ])
  )
}

/** Every table a region can name, rendered from one results file. */
export function renderFigures(results: BenchResults): Record<string, string> {
  const { size: sizes, memory } = results
  const coreLines = [
    ...results.core,
    ...(results.coreTuned === undefined ? [] : [results.coreTuned]),
  ]
  return {
    targets: table(
      ['target', 'measured', 'limit', ''],
      results.targets.map((target) => [
        target.name,
        target.measured,
        target.limit,
        target.pass ? 'PASS' : 'MISS',
      ])
    ),
    machine: machineLine(results),
    core: table(
      ['objects', 'body', 'JSON floor', 'review', 'ratio'],
      coreLines.map((line) => [
        'nodeFlag' in line
          ? `${count(line.objects)}, \`node ${String(line.nodeFlag)}\``
          : count(line.objects),
        size(line.bodyBytes),
        micros(line.floorMicros),
        micros(line.reviewMicros),
        `${fixed(line.ratio, 2)}×`,
      ])
    ),
    http: httpTable(results),
    size: table(
      ['bundle', 'as built', 'gzip -9', 'of which zod'],
      [
        [
          'Worker upload of a `crdconv init` project, `npm run build:worker`',
          kib(sizes.scaffoldWorker.rawBytes),
          kib(sizes.scaffoldWorker.gzipBytes),
          sizes.scaffoldWorker.zodBytes === undefined ? '' : kib(sizes.scaffoldWorker.zodBytes),
        ],
        [
          'Lambda, esbuild as SAM builds it',
          kib(sizes.lambda.rawBytes),
          kib(sizes.lambda.gzipBytes),
          '',
        ],
      ]
    ),
    startup: table(
      [
        'module',
        'import, CPU',
        'over the empty module',
        'import, wall clock',
        'over the empty module',
      ],
      results.startup.map((line) => {
        const empty = line.overEmptyMs === 0 && line.overEmptyWallMs === 0
        return [
          line.module,
          ms(line.importCpuMs),
          empty ? '' : `+${ms(line.overEmptyMs)}`,
          ms(line.importMs),
          empty ? '' : `+${ms(line.overEmptyWallMs)}`,
        ]
      })
    ),
    migrate: migrateTable(results),
    'status-prediction': statusPredictionTable(results),
    ...systemFigures(results.system),
    memory: table(
      ['review', 'body', 'heap held', 'peak RSS', `converts in ${memory.heapLimitMiB} MiB`],
      [
        memoryRow(plural(memory.tenThousand.objects), memory.tenThousand),
        memoryRow(`${plural(memory.largest.objects)}, the largest found`, memory.largest),
        [plural(memory.smallestFailing), '', '', '', 'no'],
      ]
    ),
  }
}

/** One region per whole-system table (`system-current`, `system-bursts`, …), titled. */
function systemFigures(system: SystemFigures | undefined): Record<string, string> {
  if (system === undefined) return {}
  const run =
    `Run of ${system.date.slice(0, 10)} (\`npm run bench:system\`, ${system.seconds} s, load ` +
    `average ${system.load.map((value) => fixed(value, 1)).join(' ')} at its start).`
  return Object.fromEntries([
    ['system-run', run],
    ...systemTables(system).map((one) => [
      one.key,
      one.rows.length === 0
        ? `${one.title}: not measured in this run.`
        : `${one.title}:\n\n${table(one.header, one.rows)}`,
    ]),
  ])
}

function migrateTable(results: BenchResults): string {
  const migrate = results.migrate
  if (migrate === undefined || 'skipped' in migrate) {
    return `Not measured in this run: ${migrate?.skipped ?? 'no migrate figures in bench/results.json'}.`
  }
  const measured =
    migrate.date === undefined || migrate.commit === undefined
      ? ''
      : `Measured by \`npm run bench:migrate\` on ${migrate.date.slice(0, 10)}, at ${migrate.commit.slice(0, 12)}.\n\n`
  return (
    measured +
    table(
      [
        'objects',
        'time',
        'objects/s',
        'peak RSS',
        'over the CLI once loaded',
        'plain rewrite (managedFields already at v1)',
        'plain peak RSS',
        'moving managedFields costs',
      ],
      migrate.runs.map((run) => [
        count(run.objects),
        `${fixed(run.seconds, 1)} s`,
        count(run.objectsPerSecond),
        mib(run.maxRssBytes),
        `+${mib(run.maxRssBytes - run.rssAfterImportBytes)}`,
        run.plain === undefined ? 'not measured' : `${fixed(run.plain.seconds, 1)} s`,
        run.plain === undefined ? 'not measured' : mib(run.plain.maxRssBytes),
        run.ownershipRatio === undefined ? 'not measured' : `${fixed(run.ownershipRatio, 2)}x`,
      ])
    )
  )
}

function statusPredictionTable(results: BenchResults): string {
  const status = results.statusPrediction
  if (status === undefined || 'skipped' in status) {
    return `Not measured in this run: ${status?.skipped ?? 'no statusPrediction figures in bench/results.json'}.`
  }
  const measured =
    status.date === undefined || status.commit === undefined
      ? ''
      : `Measured by \`npm run bench:status\` on ${status.date.slice(0, 10)}, at ${status.commit.slice(0, 12)}${status.load === undefined ? '' : `, load average ${status.load.map((value) => fixed(value, 1)).join(' ')} at its start`}.\n\n`
  return (
    measured +
    table(
      ['release', 'figure', 'status predicts', 'measured', 'predicted / measured', 'within 2×'],
      status.releases.flatMap((release) =>
        statusPredictionRows(release).map((row) => [
          `${release.version}, ${release.rttMs} ms away, ${count(release.stored)} objects (${release.roundTripSource})`,
          ...row,
        ])
      )
    )
  )
}

function memoryRow(name: string, line: MemoryLine): string[] {
  return [
    name,
    mib(line.bodyBytes),
    mib(line.heapHeldBytes),
    mib(line.maxRssBytes),
    line.converted ? 'yes' : 'no',
  ]
}
