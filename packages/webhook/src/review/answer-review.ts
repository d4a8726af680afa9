import {
  JsonIntegerTooLongError,
  MAX_INTEGER_DIGITS,
  parseJson,
  stringifyJson,
} from '../json/index.ts'
import type { Scheme } from '../scheme/index.ts'
import { DEFAULT_REVIEW_LIMITS, type ReviewLimits } from './review-limits.ts'
import {
  failedReview,
  reviewConversion,
  type ReviewSummary,
  type ValidReview,
} from './review-conversion.ts'

/** The phases of answering a review, in order; each is reported as it ends. */
export type ReviewPhase = 'parse' | 'convert' | 'write'

export interface AnswerReviewOptions {
  readonly limits?: ReviewLimits
  /** Called as each phase ends (for Server-Timing); must not throw. */
  readonly phaseEnded?: (phase: ReviewPhase) => void
}

/** What to send back: the body as JSON text, with what the log may say about it. */
export type ReviewAnswer =
  | { readonly status: 200; readonly json: string; readonly summary: ReviewSummary }
  /** Not JSON, or not a ConversionReview: `problem` is safe to log (it never quotes the body). */
  | { readonly status: 400; readonly json: string; readonly problem: string }

/**
 * The whole answer to one request body: parses the JSON and the envelope once, applies the
 * limits, converts, checks each object against the API server's rules, and writes the answer
 * in the request's own apiVersion. Everything a client can send comes back as a 200 or a 400
 * here; only resource exhaustion (`RangeError`) is thrown.
 *
 * @example
 * ```ts
 * const answer = answerReview(await request.text(), scheme)
 * return new Response(answer.json, { status: answer.status, headers: { 'content-type': 'application/json' } })
 * ```
 */
export function answerReview(
  text: string,
  scheme: Scheme,
  options: AnswerReviewOptions = {}
): ReviewAnswer {
  const { limits = DEFAULT_REVIEW_LIMITS, phaseEnded } = options
  let body: unknown
  try {
    // integers past 2^53 come as bigint, so every int64 goes back exactly as it came; longer
    // literals than the API server writes are refused, since BigInt is super-linear in digits
    body = parseJson(text, { maxIntegerDigits: MAX_INTEGER_DIGITS })
  } catch (error) {
    if (error instanceof JsonIntegerTooLongError) return integerTooLong(error)
    // V8 may give up on extreme nesting with a RangeError: still a bad body, not a crash
    const reason = error instanceof Error ? error.message : String(error)
    // the parser's message quotes the body, which may hold secrets: the log gets only the fact
    const json = JSON.stringify({
      error: `request body is not valid JSON: ${reason.slice(0, 200)}`,
    })
    return { status: 400, json, problem: 'request body is not valid JSON' }
  } finally {
    phaseEnded?.('parse')
  }
  const outcome = reviewConversion(body, scheme, limits)
  phaseEnded?.('convert')
  if (!outcome.valid) {
    const { message, issues } = outcome.problem
    return { status: 400, json: JSON.stringify({ error: message, issues }), problem: message }
  }
  const answer = serializeAnswer(outcome)
  phaseEnded?.('write')
  return { status: 200, ...answer }
}

/**
 * A 400, like any body the API server cannot have sent: it writes no integer this long. The path
 * (field names, array indexes) goes to the client; the log gets only the fact.
 */
function integerTooLong(error: JsonIntegerTooLongError): ReviewAnswer {
  const { digits, path, maxDigits } = error
  const problem = `request body holds an integer literal longer than ${maxDigits} digits`
  const json = JSON.stringify({
    error: `request body holds an integer literal of ${digits} digits at ${path}: the API server writes at most ${maxDigits} (int64, uint64, and larger numbers as floating point), so this is not a review it sent`,
  })
  return { status: 400, json, problem }
}

/**
 * The answer as JSON text, integers past 2^53 (bigint) written exactly. A converter may return
 * what JSON cannot hold (a throwing `toJSON`): the same review would fail again, so it becomes
 * a Failed answer, not a 500.
 */
function serializeAnswer(outcome: ValidReview): { json: string; summary: ReviewSummary } {
  try {
    return { json: stringifyJson(outcome.review), summary: outcome.summary }
  } catch (error) {
    if (error instanceof RangeError) throw error
    const { review, summary } = outcome
    const reason = error instanceof Error ? `${error.name}` : typeof error
    const message = `the converted objects cannot be written as JSON (${reason}): a converter returned a value JSON cannot hold, like a cycle or a throwing toJSON`
    const request = {
      uid: review.response.uid,
      desiredAPIVersion: summary.desiredAPIVersion,
      objects: { length: summary.objectCount },
    }
    const failures = summary.conversions.map(({ kind, from, count }) => ({
      kind,
      from,
      reason: 'converter_error' as const,
      count,
    }))
    const failed = failedReview(
      review.apiVersion,
      request,
      message,
      summary.conversions,
      summary.objectCount,
      failures
    )
    return { json: JSON.stringify(failed.review), summary: failed.summary }
  }
}
