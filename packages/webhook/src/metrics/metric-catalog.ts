// Every metric the webhook writes, with its help text and labels: the one list the Prometheus
// text, Lambda's Embedded Metric Format, the Workers Analytics Engine points and the docs follow.
import { BAD_REQUEST_REASONS, type BadRequestReason } from '../http/request-outcome.ts'
import type { FailureReason } from '../review/index.ts'

export { BAD_REQUEST_REASONS, type BadRequestReason }

/** The labels of a conversion series: which CRD, which version pair. */
export const CONVERSION_LABELS = [
  'group',
  'kind',
  'crd_name',
  'from_version',
  'to_version',
] as const

/** What a label says when the value is not one this webhook serves (never the client's text). */
export const UNKNOWN_LABEL = 'unknown'

/**
 * Latency buckets in seconds, up to the API server's 30 s review timeout: the last finite one is
 * where a review has already failed at the API server.
 */
export const DURATION_BUCKETS = [
  0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30,
] as const

export type MetricType = 'counter' | 'histogram'

export interface MetricDefinition {
  readonly name: string
  readonly type: MetricType
  readonly help: string
  readonly labels: readonly string[]
}

/** Why objects failed: the `reason` of `crdconv_conversion_failures_total`. */
export const FAILURE_REASONS = [
  'converter_error',
  'answer_refused',
  'limit',
] as const satisfies readonly FailureReason[]

export const METRICS = {
  reviews: {
    name: 'crdconv_reviews_total',
    type: 'counter',
    help: 'ConversionReviews answered, by CRD, version pair (of the first object) and outcome (Success or Failed).',
    labels: [...CONVERSION_LABELS, 'outcome'],
  },
  objects: {
    name: 'crdconv_objects_converted_total',
    type: 'counter',
    help: 'Objects converted in reviews answered Success, by CRD and version pair.',
    labels: CONVERSION_LABELS,
  },
  failures: {
    name: 'crdconv_conversion_failures_total',
    type: 'counter',
    help: 'Objects that failed to convert, by CRD, version pair and reason: converter_error (a converter threw or returned what JSON cannot hold), answer_refused (the answer broke a rule the API server checks), limit (the review or an object was past a limit, or what the conversion must keep was past the stash limits).',
    labels: [...CONVERSION_LABELS, 'reason'],
  },
  reviewDuration: {
    name: 'crdconv_review_duration_seconds',
    type: 'histogram',
    help: 'Time from the request reaching the app to its answer, per review, by CRD and version pair (of the first object).',
    labels: CONVERSION_LABELS,
  },
  converterDuration: {
    name: 'crdconv_converter_duration_seconds',
    type: 'histogram',
    help: 'Time spent converting and checking the objects of one review (the convert phase, without reading and writing JSON), by CRD and version pair.',
    labels: CONVERSION_LABELS,
  },
  badRequests: {
    name: 'crdconv_bad_requests_total',
    type: 'counter',
    help: `Requests to /convert answered with an error before any conversion, by reason: ${BAD_REQUEST_REASONS.join(', ')}.`,
    labels: ['reason'],
  },
  wrongTokens: {
    name: 'crdconv_wrong_token_requests_total',
    type: 'counter',
    help: 'Requests to /convert without a path token, or with one that is not set, while path tokens are set.',
    labels: [],
  },
} as const satisfies Record<string, MetricDefinition>

export type MetricKey = keyof typeof METRICS
