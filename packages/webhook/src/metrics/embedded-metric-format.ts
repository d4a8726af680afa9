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
  const labelsOf = labelFieldsCache(scheme)
  return (outcome) =>
    writeLine(
      outcome.type === 'review'
        ? reviewLine(outcome, labelsOf)
        : JSON.stringify(embeddedMetricFields(scheme, outcome))
    )
}

type ReviewOutcome = Extract<RequestOutcome, { type: 'review' }>

/** A review's metrics: the same names and units on every line, so their directive is one string. */
const REVIEW_METRICS: readonly (readonly [string, Unit])[] = [
  [METRICS.reviews.name, 'Count'],
  [METRICS.objects.name, 'Count'],
  [METRICS.failures.name, 'Count'],
  [METRICS.reviewDuration.name, 'Seconds'],
  [METRICS.converterDuration.name, 'Seconds'],
]
const REVIEW_DIMENSIONS = [[...CONVERSION_LABELS, 'outcome']]
const REVIEW_DIRECTIVES = JSON.stringify(
  directives(
    REVIEW_DIMENSIONS,
    Object.fromEntries(REVIEW_METRICS.map(([name, unit]) => [name, [0, unit]]))
  )
)

/** The values of REVIEW_METRICS for one review, in that order. */
function reviewValues({ summary, seconds, convertSeconds }: ReviewOutcome): number[] {
  const failed = summary.failures.reduce((sum, failure) => sum + failure.count, 0)
  const converted = summary.outcome === 'Success' ? summary.objectCount : 0
  return [1, converted, failed, seconds, convertSeconds]
}

/** At most this many (kind, from, to) triples keep their labels' JSON: a client chooses them. */
const CACHED_LABELS = 64

/** The labels of a review's conversion as JSON fields (no braces), resolved once per triple. */
function labelFieldsCache(scheme: Scheme): (summary: ReviewOutcome['summary']) => string {
  const cache = new Map<string, string>()
  return (summary) => {
    const first = summary.conversions[0] ?? summary.failures[0]
    const triple = [first?.kind ?? '', first?.from ?? '', summary.desiredAPIVersion] as const
    const key = JSON.stringify(triple)
    let fields = cache.get(key)
    if (fields === undefined) {
      if (cache.size >= CACHED_LABELS) cache.clear()
      fields = JSON.stringify(conversionLabels(resolveConversion(scheme, ...triple))).slice(1, -1)
      cache.set(key, fields)
    }
    return fields
  }
}

/** The line embeddedMetricFields gives a review, written without building that object. */
function reviewLine(
  outcome: ReviewOutcome,
  labelsOf: (summary: ReviewOutcome['summary']) => string
): string {
  const entry = JSON.stringify(outcome.entry)
  const failure = outcome.summary.failures[0]
  const reason = failure === undefined ? '' : `,"reason":${JSON.stringify(failure.reason)}`
  const values = reviewValues(outcome)
  let metrics = ''
  for (let index = 0; index < REVIEW_METRICS.length; index++) {
    metrics += `,"${REVIEW_METRICS[index]![0]}":${JSON.stringify(values[index])}`
  }
  const aws = `"_aws":{"Timestamp":${Date.now()},"CloudWatchMetrics":${REVIEW_DIRECTIVES}}`
  return `${entry.slice(0, -1)},${labelsOf(outcome.summary)}${reason},${aws}${metrics}}`
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
  const values = reviewValues(outcome)
  const metrics = Object.fromEntries(
    REVIEW_METRICS.map(([name, unit], index): [string, [number, Unit]] => [
      name,
      [values[index] as number, unit],
    ])
  )
  return {
    ...entry,
    ...labels,
    ...(summary.failures[0] === undefined ? {} : { reason: summary.failures[0].reason }),
    ...metricsBlock(REVIEW_DIMENSIONS, metrics),
  }
}

function metricsBlock(dimensions: string[][], metrics: Record<string, [number, Unit]>): Fields {
  const values = Object.fromEntries(Object.entries(metrics).map(([name, [value]]) => [name, value]))
  return {
    _aws: { Timestamp: Date.now(), CloudWatchMetrics: directives(dimensions, metrics) },
    ...values,
  }
}

function directives(dimensions: string[][], metrics: Record<string, [number, Unit]>) {
  return [
    {
      Namespace: CLOUDWATCH_NAMESPACE,
      Dimensions: dimensions,
      Metrics: Object.entries(metrics).map(([Name, [, Unit]]) => ({ Name, Unit })),
    },
  ]
}
