import type { ReviewSummary } from '../review/index.ts'
import type { ReviewLogEntry } from './review-log.ts'

/** Why a request to /convert never became a review. */
export const BAD_REQUEST_REASONS = [
  'invalid_review',
  'aborted',
  'body_too_large',
  'wrong_content_type',
  'wrong_method',
  'source_not_allowed',
  'closed_without_token',
  'too_many_in_flight',
] as const
export type BadRequestReason = (typeof BAD_REQUEST_REASONS)[number]

/**
 * What became of one request to /convert, for the metrics: a review answered (its summary and
 * timings), a request refused before any conversion, or a wrong path token. `entry` is the log
 * line written for it, where one is.
 */
export type RequestOutcome =
  | {
      readonly type: 'review'
      readonly summary: ReviewSummary
      /** From the request reaching the app to the answer being written. */
      readonly seconds: number
      /** The convert phase: the envelope check, the converters and the answer check. */
      readonly convertSeconds: number
      readonly entry: ReviewLogEntry
    }
  | {
      readonly type: 'bad_request'
      readonly reason: BadRequestReason
      readonly entry?: ReviewLogEntry
    }
  | { readonly type: 'wrong_token' }

/**
 * Told of every request to /convert after its answer is built, with the platform's bindings (a
 * Worker's `env`): how metrics reach each platform's store. Must not throw.
 */
export type RequestObserver = (outcome: RequestOutcome, bindings: unknown) => void
