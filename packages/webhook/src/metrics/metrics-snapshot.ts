// What the metrics hold at one moment: per CRD and version pair, and the refusals, as the
// Prometheus text and the tests read them.
import type { FailureReason } from '../review/index.ts'
import type { ConversionLabelValues } from './conversion-labels.ts'
import type { Histogram } from './histogram.ts'
import type { BadRequestReason } from './metric-catalog.ts'

/** Everything counted for one CRD and version pair. */
export interface PairSeries {
  readonly labels: ConversionLabelValues
  readonly reviews: { Success: number; Failed: number }
  objects: number
  readonly failures: Record<FailureReason, number>
  readonly reviewDuration: Histogram
  readonly converterDuration: Histogram
}

/** What the metrics hold at one moment, for the Prometheus text and for tests. */
export interface MetricsSnapshot {
  readonly pairs: readonly PairSeries[]
  readonly badRequests: Readonly<Record<BadRequestReason, number>>
  readonly wrongTokens: number
}
