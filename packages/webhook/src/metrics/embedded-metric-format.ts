import type { RequestObserver, RequestOutcome } from '../http/request-outcome.ts'
import type { Scheme } from '../scheme/index.ts'
import { conversionLabels, resolveConversion } from './conversion-labels.ts'
import { CONVERSION_LABELS, METRICS } from './metric-catalog.ts'

/** The CloudWatch namespace the metrics land in. */
export const CLOUDWATCH_NAMESPACE = 'crdconv'

type Unit = 'Count' | 'Seconds'
type Fields = Record<string, unknown>

/**
 * An observer that writes one JSON line per request in CloudWatch's Embedded Metric Format: a
 * review's line is its log line with the metrics beside it (CloudWatch Logs extracts them, no
 * API call, no agent), a refused request gets a line of its own. Metric and dimension names are
 * the Prometheus ones (`crdconv_reviews_total`, `crd_name`, `from_version`), so one dashboard
 * reads alike everywhere. Pass it as `observe` with a `log` that writes nothing.
 *
 * @example
 * ```ts
 * createApp({ scheme, log: () => {}, observe: embeddedMetricLines(scheme, (line) => console.log(line)) })
 * ```
 */
export function embeddedMetricLines(
  scheme: Scheme,
  writeLine: (line: string) => void
): RequestObserver {
  return (outcome) => writeLine(JSON.stringify(embeddedMetricFields(scheme, outcome)))
}

/** The fields of one request's line: its log entry, where it has one, and its metrics. */
export function embeddedMetricFields(scheme: Scheme, outcome: RequestOutcome): Fields {
  if (outcome.type === 'wrong_token') {
    return {
      message: 'conversion request with a wrong path token',
      ...metricsBlock([[]], { [METRICS.wrongTokens.name]: [1, 'Count'] }),
    }
  }
  if (outcome.type === 'bad_request') {
    return {
      message: 'conversion request refused',
      ...outcome.entry,
      reason: outcome.reason,
      ...metricsBlock([['reason']], { [METRICS.badRequests.name]: [1, 'Count'] }),
    }
  }
  const { summary, entry } = outcome
  const first = summary.conversions[0] ?? summary.failures[0]
  const labels = conversionLabels(
    resolveConversion(scheme, first?.kind ?? '', first?.from ?? '', summary.desiredAPIVersion)
  )
  const failed = summary.failures.reduce((sum, failure) => sum + failure.count, 0)
  const metrics: Record<string, [number, Unit]> = {
    [METRICS.reviews.name]: [1, 'Count'],
    [METRICS.objects.name]: [summary.outcome === 'Success' ? summary.objectCount : 0, 'Count'],
    [METRICS.failures.name]: [failed, 'Count'],
    [METRICS.reviewDuration.name]: [outcome.seconds, 'Seconds'],
    [METRICS.converterDuration.name]: [outcome.convertSeconds, 'Seconds'],
  }
  return {
    ...entry,
    ...labels,
    ...(summary.failures[0] === undefined ? {} : { reason: summary.failures[0].reason }),
    ...metricsBlock([[...CONVERSION_LABELS, 'outcome']], metrics),
  }
}

function metricsBlock(dimensions: string[][], metrics: Record<string, [number, Unit]>): Fields {
  const values = Object.fromEntries(Object.entries(metrics).map(([name, [value]]) => [name, value]))
  return {
    _aws: {
      Timestamp: Date.now(),
      CloudWatchMetrics: [
        {
          Namespace: CLOUDWATCH_NAMESPACE,
          Dimensions: dimensions,
          Metrics: Object.entries(metrics).map(([Name, [, Unit]]) => ({ Name, Unit })),
        },
      ],
    },
    ...values,
  }
}
