// The answer past the cap on reviews in flight: a 429 the API server retries after `Retry-After`.
import { kubernetesStatus } from './internal-error.ts'
import { NODE_SERVER_VARIABLES } from './setting-variables.ts'

/** Seconds a 429 asks the API server to wait: it retries after that, up to 10 times in its 30 s. */
export const RETRY_AFTER_SECONDS = 1

/** The refusal's reason in the log: a fixed text, never anything the client sent. */
export const TOO_MANY_IN_FLIGHT = 'too many reviews in flight'

/**
 * The 429 answer for a cap of `limit` reviews in flight, as a `metav1.Status` (the one non-2xx
 * body the API server quotes) with `Retry-After`, which the API server honours for a POST. The
 * body of the refused request is left unread, so the connection closes after the answer.
 *
 * @example
 * ```ts
 * const busy = busyAnswer(16)
 * return busy() // 429, Retry-After: 1
 * ```
 */
export function busyAnswer(limit: number): () => Response {
  const message = `${TOO_MANY_IN_FLIGHT}: this webhook converts at most ${limit} at once (${NODE_SERVER_VARIABLES.maxReviewsInFlight}); retry after ${RETRY_AFTER_SECONDS} s`
  const json = JSON.stringify(kubernetesStatus(429, 'TooManyRequests', message))
  return () =>
    new Response(json, {
      status: 429,
      headers: {
        'content-type': 'application/json',
        'retry-after': String(RETRY_AFTER_SECONDS),
        connection: 'close',
      },
    })
}
