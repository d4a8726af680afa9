import type { ConversionReviewRequest, reviewConversion } from '../review/index.ts'

export type ValidOutcome = Extract<ReturnType<typeof reviewConversion>, { valid: true }>

/** A Failed review decided before any conversion (a limit), in the request's own apiVersion. */
export function failedReview(
  apiVersion: ConversionReviewRequest['apiVersion'],
  request: { uid: string; desiredAPIVersion: string; objects: { length: number } },
  message: string
): ValidOutcome {
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
      conversions: [],
      outcome: 'Failed',
      failedCount: request.objects.length,
    },
  }
}

/**
 * The answer as JSON text. A converter may return what JSON cannot hold (a BigInt, a cycle, a
 * throwing `toJSON`): the same review would fail again, so it becomes a Failed answer, not a 500.
 */
export function serializeAnswer(outcome: ValidOutcome): {
  json: string
  summary: ValidOutcome['summary']
} {
  try {
    return { json: JSON.stringify(outcome.review), summary: outcome.summary }
  } catch (error) {
    if (error instanceof RangeError) throw error
    const { review, summary } = outcome
    const reason = error instanceof Error ? `${error.name}` : typeof error
    const message = `the converted objects cannot be written as JSON (${reason}): a converter returned a value JSON cannot hold, like a BigInt, a cycle or a throwing toJSON`
    const request = {
      uid: review.response.uid,
      desiredAPIVersion: summary.desiredAPIVersion,
      objects: { length: summary.objectCount },
    }
    const failed = failedReview(review.apiVersion, request, message)
    return {
      json: JSON.stringify(failed.review),
      summary: { ...failed.summary, conversions: summary.conversions },
    }
  }
}
