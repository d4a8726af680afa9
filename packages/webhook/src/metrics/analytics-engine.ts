import type { RequestObserver, RequestOutcome } from '../http/request-outcome.ts'
import type { Scheme } from '../scheme/index.ts'
import { conversionLabelValues, resolveConversion } from './conversion-labels.ts'
import { CONVERSION_LABELS, METRICS } from './metric-catalog.ts'

/** The Worker binding (wrangler.toml's `[[analytics_engine_datasets]]`) the points are written to. */
export const ANALYTICS_ENGINE_BINDING = 'CRDCONV_METRICS'

/**
 * What each blob of a data point holds, in order (`blob1` is `metric`): the metric it counts, the
 * CRD and version pair, the outcome and the reason. A query names them as `blob1` … `blob8`.
 */
export const ANALYTICS_ENGINE_BLOBS = ['metric', ...CONVERSION_LABELS, 'outcome', 'reason'] as const

/**
 * What each double holds, in order (`double1` … `double4`): objects converted, objects failed, the
 * review's seconds and the converter's. A review is one point, so reviews are counted as points.
 */
export const ANALYTICS_ENGINE_DOUBLES = [
  METRICS.objects.name,
  METRICS.failures.name,
  METRICS.reviewDuration.name,
  METRICS.converterDuration.name,
] as const

/** The part of Workers Analytics Engine's dataset binding the writer uses. */
export interface AnalyticsEngineDataset {
  writeDataPoint(point: { indexes?: string[]; blobs?: string[]; doubles?: number[] }): void
}

/**
 * An observer that writes one Workers Analytics Engine data point per request to /convert, where
 * the Worker has the `CRDCONV_METRICS` binding (and nothing where it has none): the series of
 * the Prometheus metrics, by the same labels, as blobs and doubles (`ANALYTICS_ENGINE_BLOBS`,
 * `ANALYTICS_ENGINE_DOUBLES`), indexed by CRD. `writeDataPoint` returns at once; the platform
 * sends the points after the response.
 *
 * @example
 * ```ts
 * createApp({ scheme, observe: analyticsEngineWriter(scheme) })
 * // wrangler.toml
 * // [[analytics_engine_datasets]]
 * // binding = "CRDCONV_METRICS"
 * // dataset = "crdconv"
 * ```
 */
export function analyticsEngineWriter(
  scheme: Scheme,
  binding = ANALYTICS_ENGINE_BINDING
): RequestObserver {
  return (outcome, bindings) => {
    const dataset = (bindings as Record<string, AnalyticsEngineDataset | undefined> | undefined)?.[
      binding
    ]
    if (typeof dataset?.writeDataPoint !== 'function') return
    dataset.writeDataPoint(analyticsEngineDataPoint(scheme, outcome))
  }
}

/** The data point of one request: blobs and doubles in the order the constants above give. */
export function analyticsEngineDataPoint(
  scheme: Scheme,
  outcome: RequestOutcome
): { indexes: string[]; blobs: string[]; doubles: number[] } {
  const none = CONVERSION_LABELS.map(() => '')
  if (outcome.type === 'wrong_token') {
    return {
      indexes: [''],
      blobs: [METRICS.wrongTokens.name, ...none, '', ''],
      doubles: [0, 0, 0, 0],
    }
  }
  if (outcome.type === 'bad_request') {
    return {
      indexes: [''],
      blobs: [METRICS.badRequests.name, ...none, '', outcome.reason],
      doubles: [0, 0, 0, 0],
    }
  }
  const { summary } = outcome
  const first = summary.conversions[0] ?? summary.failures[0]
  const labels = conversionLabelValues(
    resolveConversion(scheme, first?.kind ?? '', first?.from ?? '', summary.desiredAPIVersion)
  )
  const failed = summary.failures.reduce((sum, failure) => sum + failure.count, 0)
  return {
    // the CRD's name: Analytics Engine samples by index, so each CRD keeps its own share
    indexes: [labels[2]],
    blobs: [METRICS.reviews.name, ...labels, summary.outcome, summary.failures[0]?.reason ?? ''],
    doubles: [
      summary.outcome === 'Success' ? summary.objectCount : 0,
      failed,
      outcome.seconds,
      outcome.convertSeconds,
    ],
  }
}
