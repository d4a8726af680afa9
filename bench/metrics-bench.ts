import { join } from 'node:path'
import { bundleForNode, execFileAsync, lastJsonLine, repoRoot, round } from './bench-support.ts'

export interface MetricsCostResult {
  readonly objects: number
  /** CPU µs per request through the HTTP app, without and with the metrics observer. */
  readonly withoutMetricsMicros: number
  readonly withMetricsMicros: number
  readonly ratio: number
}

export const METRICS_SIZES = [1, 100] as const

/** What counting costs per review: the app with `observe` beside the same app without, one process per size. */
export async function benchMetrics(workDir: string): Promise<MetricsCostResult[]> {
  const child = join(workDir, 'metrics-child.mjs')
  await bundleForNode(join(repoRoot, 'bench/children/metrics-child.ts'), child)
  const results: MetricsCostResult[] = []
  for (const objects of METRICS_SIZES) {
    const { stdout } = await execFileAsync(process.execPath, [child, String(objects), '2.5'])
    const measured = lastJsonLine<Omit<MetricsCostResult, 'ratio'>>(stdout)
    results.push({
      objects,
      withoutMetricsMicros: round(measured.withoutMetricsMicros, 1),
      withMetricsMicros: round(measured.withMetricsMicros, 1),
      ratio: round(measured.withMetricsMicros / measured.withoutMetricsMicros),
    })
  }
  return results
}
