import { build } from 'esbuild'
import { execFile } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import * as prettier from 'prettier'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

export const execFileAsync = promisify(execFile)

/** The repository root, so the bench runs the same from any working directory. */
export const repoRoot = fileURLToPath(new URL('..', import.meta.url))

/** bench/results.json as it stands, or nothing before the first run. */
export function readResults(): Record<string, unknown> {
  const file = join(repoRoot, 'bench/results.json')
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {}
}

/** Writes bench/results.json formatted as `npm run lint` wants it. */
export async function writeResults(results: Record<string, unknown>): Promise<void> {
  const file = join(repoRoot, 'bench/results.json')
  const options = (await prettier.resolveConfig(file)) ?? {}
  writeFileSync(
    file,
    await prettier.format(JSON.stringify(results), { ...options, filepath: file })
  )
}

/** A table on stdout: a title, the header, a rule, each row's cells padded to their column. */
export function printTable(
  title: string,
  header: readonly string[],
  rows: readonly (readonly string[])[]
): void {
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...rows.map((row) => (row[column] ?? '').length))
  )
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd()
  console.log(`\n${title}\n${line(header)}\n${widths.map((width) => '─'.repeat(width)).join('  ')}`)
  for (const row of rows) console.log(line(row))
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}

export function round(value: number, digits = 2): number {
  const scale = 10 ** digits
  return Math.round(value * scale) / scale
}

/**
 * Bundles one entry into a single ESM file for Node, as a deployment would ship it, so children
 * run plain JavaScript (no TypeScript loader in their start-up, memory or profile).
 */
export async function bundleForNode(
  entry: string,
  outfile: string,
  options: { minify?: boolean } = {}
): Promise<void> {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    conditions: ['crdconv-source'],
    minify: options.minify ?? false,
    logLevel: 'warning',
  })
}

const CLOCK_TICKS_PER_SECOND = 100

/** User plus system CPU time of one process, in ms, from /proc (Linux); `undefined` elsewhere. */
export function processCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const ticks = Number(fields[11]) + Number(fields[12])
    return (ticks * 1000) / CLOCK_TICKS_PER_SECOND
  } catch {
    return undefined
  }
}

/** Every live process below `pid`, with its command name (Linux /proc). */
export function descendants(pid: number): { pid: number; name: string }[] {
  const parents = new Map<number, { parent: number; name: string }>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      parents.set(Number(entry), { parent, name })
    } catch {
      // the process ended while we looked
    }
  }
  const found: { pid: number; name: string }[] = []
  const below = new Set([pid])
  let grew = true
  while (grew) {
    grew = false
    for (const [child, { parent, name }] of parents) {
      if (below.has(parent) && !below.has(child)) {
        below.add(child)
        found.push({ pid: child, name })
        grew = true
      }
    }
  }
  return found
}

/** The last line of a child's stdout, parsed as JSON: children report one result line. */
export function lastJsonLine<T>(stdout: string): T {
  const lines = stdout.trim().split('\n')
  return JSON.parse(lines[lines.length - 1] ?? 'null') as T
}

/** Server CPU per review of one platform beside its bare baseline, measured in one run. */
export interface ServerCpuRatio {
  readonly platform: string
  readonly objects: number
  /** Median CPU µs per review of the bare baseline (bench/bare-webhook.ts on the same platform). */
  readonly bareMicros: number
  /** Median CPU µs per review of crdconv. */
  readonly crdconvMicros: number
  /** Median over the rounds of crdconv's CPU per review over the baseline's in the same round. */
  readonly ratio: number
  readonly rounds: number
  /**
   * crdconv's reviews per second of autocannon's runs, idle tail included (informational: the
   * loader shares the cores).
   */
  readonly crdconvPerSecond?: number
  readonly errors: number
}

/** The bench's servers and handlers serve `/convert` without a token: it measures no token check. */
export const OPEN_FOR_THE_BENCH = { CONVERT_ALLOW_UNAUTHENTICATED: 'true' } as const

/** This process's environment with the bench's opt-in, for the children it starts. */
export const openBenchEnvironment = (): NodeJS.ProcessEnv => ({
  ...process.env,
  ...OPEN_FOR_THE_BENCH,
})
