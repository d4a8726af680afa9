import type { MetricsSnapshot } from './metrics-snapshot.ts'
import { cumulativeBuckets, type Histogram } from './histogram.ts'
import { CONVERSION_LABELS, METRICS, type MetricDefinition } from './metric-catalog.ts'

/** The content type of Prometheus' text exposition format. */
export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8'

/**
 * The snapshot in Prometheus' text exposition format (0.0.4): `# HELP`, `# TYPE`, then one line
 * per series, histograms as `_bucket{le}`, `_sum` and `_count`.
 */
export function renderPrometheusText(snapshot: MetricsSnapshot): string {
  const lines: string[] = []
  const header = (metric: MetricDefinition) => {
    lines.push(
      `# HELP ${metric.name} ${escapeHelp(metric.help)}`,
      `# TYPE ${metric.name} ${metric.type}`
    )
  }
  const pairLabels = (values: readonly string[]) =>
    CONVERSION_LABELS.map((name, index) => `${name}="${escapeLabel(values[index] ?? '')}"`).join(
      ','
    )

  header(METRICS.reviews)
  for (const pair of snapshot.pairs) {
    for (const outcome of ['Success', 'Failed'] as const) {
      lines.push(
        `${METRICS.reviews.name}{${pairLabels(pair.labels)},outcome="${outcome}"} ${pair.reviews[outcome]}`
      )
    }
  }
  header(METRICS.objects)
  for (const pair of snapshot.pairs) {
    lines.push(`${METRICS.objects.name}{${pairLabels(pair.labels)}} ${pair.objects}`)
  }
  header(METRICS.failures)
  for (const pair of snapshot.pairs) {
    for (const [reason, count] of Object.entries(pair.failures)) {
      lines.push(`${METRICS.failures.name}{${pairLabels(pair.labels)},reason="${reason}"} ${count}`)
    }
  }
  for (const [metric, histogramOf] of [
    [METRICS.reviewDuration, (pair) => pair.reviewDuration],
    [METRICS.converterDuration, (pair) => pair.converterDuration],
  ] as const satisfies readonly (readonly [
    MetricDefinition,
    (pair: MetricsSnapshot['pairs'][number]) => Histogram,
  ])[]) {
    header(metric)
    for (const pair of snapshot.pairs) {
      const labels = pairLabels(pair.labels)
      const histogram = histogramOf(pair)
      for (const { le, count } of cumulativeBuckets(histogram)) {
        lines.push(`${metric.name}_bucket{${labels},le="${le}"} ${count}`)
      }
      lines.push(`${metric.name}_sum{${labels}} ${histogram.sum}`)
      lines.push(`${metric.name}_count{${labels}} ${histogram.count}`)
    }
  }
  header(METRICS.badRequests)
  for (const [reason, count] of Object.entries(snapshot.badRequests)) {
    lines.push(`${METRICS.badRequests.name}{reason="${reason}"} ${count}`)
  }
  header(METRICS.wrongTokens)
  lines.push(`${METRICS.wrongTokens.name} ${snapshot.wrongTokens}`)
  return `${lines.join('\n')}\n`
}

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')
}

function escapeHelp(help: string): string {
  return help.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')
}
