// `npm run docs:figures`: rewrites every `<!-- figures:start NAME -->…<!-- figures:end -->` region
// of README.md and docs/**/*.md from bench/results.json, so no figure in the docs is typed by
// hand. `--check` writes nothing and exits 1 when a region is out of date (the docs test does the
// same in `npm test`).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import * as prettier from 'prettier'

/** The parts of bench/results.json the docs show. */
export interface BenchResults {
  readonly date: string
  readonly machine: {
    readonly cpu: string
    readonly cores: number
    readonly memoryGiB: number
    readonly node: string
  }
  readonly core: readonly CoreLine[]
  readonly coreTuned?: CoreLine & { readonly nodeFlag: string }
  readonly http: readonly HttpLine[]
  readonly size: {
    readonly worker: {
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
  readonly targets: readonly {
    readonly name: string
    readonly measured: string
    readonly limit: string
    readonly pass: boolean
  }[]
}

interface CoreLine {
  readonly objects: number
  readonly bodyBytes: number
  readonly floorMicros: number
  readonly reviewMicros: number
  readonly ratio: number
}
interface HttpLine {
  readonly server: string
  readonly objects: number
  readonly connections: number
  readonly requestsPerSecond: number
  readonly p50Ms: number
  readonly p99Ms: number
  readonly serverCpuMsPerRequest: number
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
    ['server', 'objects', 'connections', 'req/s', 'p50', 'p99', 'server CPU per request'],
    results.http.map((line) => [
      line.server,
      count(line.objects),
      String(line.connections),
      count(line.requestsPerSecond),
      `${line.p50Ms} ms`,
      `${line.p99Ms} ms`,
      `${fixed(line.serverCpuMsPerRequest, 2)} ms`,
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
    'bench-summary': [
      machineLine(results),
      table(
        ['target', 'measured', 'limit', ''],
        results.targets.map((target) => [
          target.name,
          target.measured,
          target.limit,
          target.pass ? 'PASS' : 'MISS',
        ])
      ),
      httpTable(results),
    ].join('\n\n'),
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
          'Worker, `wrangler deploy --dry-run`',
          kib(sizes.worker.rawBytes),
          kib(sizes.worker.gzipBytes),
          sizes.worker.zodBytes === undefined ? '' : kib(sizes.worker.zodBytes),
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

function memoryRow(name: string, line: MemoryLine): string[] {
  return [
    name,
    mib(line.bodyBytes),
    mib(line.heapHeldBytes),
    mib(line.maxRssBytes),
    line.converted ? 'yes' : 'no',
  ]
}

const REGION = /(<!-- figures:start ([\w-]+) -->\n)([\s\S]*?)(<!-- figures:end -->)/g
const FENCE = /^\s*(`{3,}|~{3,})/

export interface Rewrite {
  readonly text: string
  /** Region names no table has. */
  readonly unknown: readonly string[]
  readonly regions: number
}

/**
 * `markdown` with every figures region outside code blocks filled from `tables`; the result is
 * formatted with prettier and the repository's settings, as `npm run format` would.
 *
 * @example
 * await rewriteFigures('x.md', '<!-- figures:start a -->\n<!-- figures:end -->\n', { a: 'A' })
 * // { text: '<!-- figures:start a -->\n\nA\n\n<!-- figures:end -->\n', unknown: [], regions: 1 }
 */
export async function rewriteFigures(
  path: string,
  markdown: string,
  tables: Record<string, string>
): Promise<Rewrite> {
  const unknown: string[] = []
  let regions = 0
  const parts = splitOutsideFences(markdown).map(({ text, fenced }) =>
    fenced
      ? text
      : text.replace(REGION, (_all, start: string, name: string, _old: string, end: string) => {
          regions++
          const figures = tables[name]
          if (figures === undefined) {
            unknown.push(name)
            return `${start}${_old}${end}`
          }
          return `${start}\n${figures}\n\n${end}`
        })
  )
  const options = (await prettier.resolveConfig(path)) ?? {}
  const text = await prettier.format(parts.join(''), { ...options, filepath: path })
  return { text, unknown, regions }
}

/** The text cut into runs outside and inside fenced code blocks. */
function splitOutsideFences(markdown: string): { text: string; fenced: boolean }[] {
  const parts: { text: string; fenced: boolean }[] = []
  let current: string[] = []
  let fence: string | undefined
  for (const line of markdown.split(/(?<=\n)/)) {
    const open = FENCE.exec(line)
    if (fence === undefined && open !== null) {
      parts.push({ text: current.join(''), fenced: false })
      current = [line]
      fence = open[1]
    } else if (
      fence !== undefined &&
      line.trim().startsWith(fence) &&
      /^[`~]+$/.test(line.trim())
    ) {
      current.push(line)
      parts.push({ text: current.join(''), fenced: true })
      current = []
      fence = undefined
    } else {
      current.push(line)
    }
  }
  parts.push({ text: current.join(''), fenced: fence !== undefined })
  return parts
}

/** README.md and every docs/**\/*.md, relative to `root`. */
export function markdownFiles(root: string): string[] {
  const docs = readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.md'))
    .map((path) => `docs/${path.split('\\').join('/')}`)
    .sort()
  return ['README.md', ...docs]
}

export function readResults(root: string): BenchResults {
  return JSON.parse(readFileSync(join(root, 'bench/results.json'), 'utf8')) as BenchResults
}

async function main(argv: readonly string[]): Promise<number> {
  const root = resolve(import.meta.dirname, '..')
  const check = argv.includes('--check')
  const tables = renderFigures(readResults(root))
  let stale = 0
  for (const file of markdownFiles(root)) {
    const path = join(root, file)
    const before = readFileSync(path, 'utf8')
    const { text, unknown } = await rewriteFigures(path, before, tables)
    for (const name of unknown) console.error(`${file}: no figures named "${name}"`)
    if (unknown.length > 0) return 1
    if (text === before) continue
    stale++
    if (check) console.error(`${file}: figures differ from bench/results.json`)
    else writeFileSync(path, text)
    if (!check) console.log(`${file}: figures rewritten`)
  }
  return check && stale > 0 ? 1 : 0
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(process.argv.slice(2))
}
