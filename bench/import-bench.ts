// `crdconv import` on prometheus-operator's Prometheus CRD (about 14,000 lines): read it, plan
// the zod schemas, regenerate the CRD from them and compare (what `--check` does), and write the
// module and its test, formatted. Read from ../shared/crds or $CRD_CORPUS, never copied.
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { checkCrds, importCrds } from '../packages/crdconv/src/import/index.ts'
import { repoRoot, round } from './bench-support.ts'

export interface ImportBenchResult {
  readonly file: string
  readonly lines: number
  /** Median CPU time of `importCrds`: import, regenerate, compare, format; the target's figure. */
  readonly importCpuMs: number
  /** Median wall time of the same, which a loaded machine stretches. */
  readonly importMs: number
  /** Median CPU time of `checkCrds` alone (`crdconv import --check`): no module written. */
  readonly checkCpuMs: number
}

const PROMETHEUS = 'prometheus-operator/monitoring.coreos.com_prometheuses.yaml'
const RUNS = 5

/** The figures, or `undefined` where the corpus is absent. */
export async function benchImport(): Promise<ImportBenchResult | undefined> {
  const corpus = resolve(process.env['CRD_CORPUS'] ?? join(repoRoot, '../shared/crds'))
  const file = join(corpus, PROMETHEUS)
  if (!existsSync(file)) return undefined
  const text = readFileSync(file, 'utf8')
  const importTimes: number[] = []
  const importCpu: number[] = []
  const checkCpu: number[] = []
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now()
    let cpu = process.cpuUsage()
    await importCrds(text)
    importCpu.push(cpuMs(cpu))
    importTimes.push(performance.now() - started)
    cpu = process.cpuUsage()
    const [check] = checkCrds(text)
    checkCpu.push(cpuMs(cpu))
    if (check === undefined || check.differences.length > 0) {
      throw new Error(`${PROMETHEUS} does not regenerate whole`)
    }
  }
  return {
    file: PROMETHEUS,
    lines: text.split('\n').length,
    importCpuMs: round(median(importCpu), 0),
    importMs: round(median(importTimes), 0),
    checkCpuMs: round(median(checkCpu), 0),
  }
}

function cpuMs(since: NodeJS.CpuUsage): number {
  const { user, system } = process.cpuUsage(since)
  return (user + system) / 1000
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}
