import { nestingDepthExceedsBeside } from '../json/index.ts'
import { describeField, type Scheme } from '../scheme/index.ts'
import {
  readReviewEnvelope,
  type EnvelopeIssue,
  type ConversionReviewResponse,
  type ReviewApiVersion,
} from './conversion-review-schema.ts'
import { convertChecked, problemSubject } from './convert-checked.ts'
import { formatFailureMessage, type ObjectFailure } from './failure-message.ts'
import { FAILURE_REASON_OF_CODE, type FailureReason } from './failure-reasons.ts'
import {
  DEFAULT_REVIEW_LIMITS,
  limitAdvice,
  reviewLimitProblem,
  type ReviewLimits,
} from './review-limits.ts'

/** One (kind, from, to) conversion in a review and how many objects took it; logged per review. */
export interface ConversionCount {
  readonly kind: string
  readonly from: string
  readonly to: string
  count: number
}

/** How many objects of one (kind, from) failed for one reason. */
export interface FailureCount {
  readonly kind: string
  readonly from: string
  readonly reason: FailureReason
  count: number
}

/** What a review did, without object contents: safe to log. */
export interface ReviewSummary {
  readonly uid: string
  readonly reviewVersion: ReviewApiVersion
  readonly desiredAPIVersion: string
  readonly objectCount: number
  readonly conversions: readonly ConversionCount[]
  readonly outcome: 'Success' | 'Failed'
  readonly failedCount: number
  /** The failed objects by (kind, from, reason); empty when the review succeeded. */
  readonly failures: readonly FailureCount[]
}

/** A body that is not a ConversionReview; `issues` carry zod's paths (`request.uid`). */
export interface InvalidReview {
  readonly message: string
  readonly issues: readonly { readonly path: string; readonly message: string }[]
}

export interface ValidReview {
  readonly valid: true
  readonly review: ConversionReviewResponse
  readonly summary: ReviewSummary
}

export type ReviewOutcome = ValidReview | { readonly valid: false; readonly problem: InvalidReview }

/**
 * Answers one parsed `ConversionReview` body: validates the envelope, applies the limits,
 * converts each object on its own, checks each answer against the API server's rules, and
 * builds the response in the request's own `apiVersion`. Pure: no I/O, never throws for any
 * input. `answerReview` wraps it with the JSON reading and writing the webhook does.
 *
 * @example
 * ```ts
 * const outcome = reviewConversion(JSON.parse(body), scheme)
 * if (outcome.valid) return JSON.stringify(outcome.review)
 * ```
 */
export function reviewConversion(
  body: unknown,
  scheme: Scheme,
  limits: ReviewLimits = DEFAULT_REVIEW_LIMITS
): ReviewOutcome {
  const reading = readReviewEnvelope(body)
  if (!reading.ok) return { valid: false, problem: describeIssues(reading.issues) }
  const { apiVersion, request } = reading.envelope
  const { uid, desiredAPIVersion, objects } = request
  const beyondLimit = reviewLimitProblem(objects, desiredAPIVersion, limits)
  if (beyondLimit !== undefined) {
    const first = objects[0]
    const kind = describeField(first, 'kind')
    const from = describeField(first, 'apiVersion')
    const failed = [{ kind, from, reason: 'limit' as const, count: objects.length }]
    return failedReview(apiVersion, request, beyondLimit, [], objects.length, failed)
  }
  const converted: unknown[] = new Array(objects.length)
  const failures: ObjectFailure[] = []
  const reasons: FailureReason[] = []
  const conversions = conversionCounter(desiredAPIVersion)
  for (let index = 0; index < objects.length; index++) {
    const original = objects[index]
    conversions.add(describeField(original, 'kind'), describeField(original, 'apiVersion'))
    const result = convertChecked(scheme, original, desiredAPIVersion)
    if (!result.ok) {
      failures.push({ index, ...result.problem })
      reasons.push(FAILURE_REASON_OF_CODE[result.problem.code])
    }
    // the limits hold for what converters return too: one may build structure from data; what
    // it kept of the original was measured on the way in
    else if (nestingDepthExceedsBeside(result.object, original, limits.maxDepth)) {
      const problem = tooDeep(original, desiredAPIVersion, limits)
      failures.push({ index, ...problem })
      reasons.push(FAILURE_REASON_OF_CODE[problem.code])
    } else converted[index] = result.object
  }
  if (failures.length > 0) {
    const message = formatFailureMessage(failures, objects.length, desiredAPIVersion)
    const failed = countFailures(failures, reasons)
    return failedReview(apiVersion, request, message, conversions.counts, failures.length, failed)
  }
  return {
    valid: true,
    review: {
      apiVersion,
      kind: 'ConversionReview',
      response: { uid, result: { status: 'Success' }, convertedObjects: converted },
    },
    summary: {
      uid,
      reviewVersion: apiVersion,
      desiredAPIVersion,
      objectCount: objects.length,
      conversions: conversions.counts,
      outcome: 'Success',
      failedCount: 0,
      failures: [],
    },
  }
}

function tooDeep(original: unknown, to: string, limits: ReviewLimits) {
  return {
    ...problemSubject(original, to),
    code: 'too-deep' as const,
    message: `the converted object nests more than ${limits.maxDepth} levels deep, this webhook's limit (${limitAdvice(limits).maxDepth}); a converter that returns a cycle gets this answer too`,
  }
}

/** A Failed review in the request's own apiVersion: a limit, failed objects, or an unwritable answer. */
export function failedReview(
  apiVersion: ReviewApiVersion,
  request: { uid: string; desiredAPIVersion: string; objects: { length: number } },
  message: string,
  conversions: readonly ConversionCount[] = [],
  failedCount = request.objects.length,
  failures: readonly FailureCount[] = []
): ValidReview {
  return {
    valid: true,
    review: {
      apiVersion,
      kind: 'ConversionReview',
      response: { uid: request.uid, result: { status: 'Failed', message } },
    },
    summary: {
      uid: request.uid,
      reviewVersion: apiVersion,
      desiredAPIVersion: request.desiredAPIVersion,
      objectCount: request.objects.length,
      conversions,
      outcome: 'Failed',
      failedCount,
      failures,
    },
  }
}

/**
 * Counts objects per (kind, from) in first-seen order; the lookup builds no key string per
 * object, and an object like the one before it (most of a list) skips the lookup altogether.
 */
function conversionCounter(to: string) {
  const counts: ConversionCount[] = []
  const byKind = new Map<string, Map<string, ConversionCount>>()
  let last: ConversionCount | undefined
  return {
    counts,
    add(kind: string, from: string): void {
      if (last !== undefined && last.kind === kind && last.from === from) {
        last.count++
        return
      }
      let byFrom = byKind.get(kind)
      if (byFrom === undefined) byKind.set(kind, (byFrom = new Map()))
      const existing = byFrom.get(from)
      if (existing !== undefined) {
        existing.count++
        last = existing
        return
      }
      const count = { kind, from, to, count: 1 }
      byFrom.set(from, count)
      counts.push(count)
      last = count
    },
  }
}

/** The failed objects grouped by (kind, from, reason), in first-seen order. */
function countFailures(
  failures: readonly ObjectFailure[],
  reasons: readonly FailureReason[]
): FailureCount[] {
  const counts: FailureCount[] = []
  failures.forEach(({ kind, from }, index) => {
    const reason = reasons[index] as FailureReason
    const same = counts.find((c) => c.kind === kind && c.from === from && c.reason === reason)
    if (same === undefined) counts.push({ kind, from, reason, count: 1 })
    else same.count++
  })
  return counts
}

function describeIssues(issues: readonly EnvelopeIssue[]): InvalidReview {
  const message = issues
    .map((issue) => (issue.path === '' ? issue.message : `${issue.path}: ${issue.message}`))
    .join('; ')
  return { message: `not a ConversionReview: ${message}`, issues }
}
