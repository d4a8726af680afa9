import type { ReviewSummary } from '../review/index.ts'

/** One structured line per request to /convert: identifiers, versions, counts, timing. Never object contents. */
export interface ReviewLogEntry {
  readonly message: 'conversion review'
  readonly status: number
  readonly outcome: ReviewSummary['outcome'] | 'Invalid'
  readonly durationMs: number
  readonly uid?: string
  readonly reviewVersion?: string
  readonly desiredAPIVersion?: string
  readonly objectCount?: number
  readonly failedCount?: number
  readonly conversions?: ReviewSummary['conversions']
  /** For invalid requests: what was wrong with the envelope (zod paths, no values). */
  readonly problem?: string
}

export type ReviewLogger = (entry: ReviewLogEntry) => void

/** Writes each entry as one JSON line on stdout, which Workers, Lambda and containers all collect. */
export const logAsJsonLine: ReviewLogger = (entry) => {
  // eslint-disable-next-line no-console -- the one log line per review is this module's job
  console.log(JSON.stringify(entry))
}

export function summaryLogEntry(summary: ReviewSummary, durationMs: number): ReviewLogEntry {
  return {
    message: 'conversion review',
    status: 200,
    outcome: summary.outcome,
    durationMs,
    uid: summary.uid,
    reviewVersion: summary.reviewVersion,
    desiredAPIVersion: summary.desiredAPIVersion,
    objectCount: summary.objectCount,
    failedCount: summary.failedCount,
    conversions: summary.conversions,
  }
}
