import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'

/**
 * The answer to an error nothing else handled: a bug in crdconv or in a custom scheme, or the
 * runtime running out of memory or stack. The API server retries a POST only on 429/5xx that
 * carry `Retry-After` (at most 10 times inside its 30 s), so the status says whether a retry
 * can help:
 * - resource exhaustion (`RangeError`: stack, string or allocation size) may come from other
 *   requests sharing the process or isolate, so it is 503 with `Retry-After: 1`;
 * - any other error is a bug that the same review will hit again, so it is 500 without
 *   `Retry-After`: the user sees the failure at once instead of after 30 s of retries.
 * The body is a `metav1.Status`, the one non-2xx body the API server quotes to the user.
 * The log gets the error's name and stack frames, never its message, which may quote an object.
 */
export function answerInternalError(error: Error, c: Context): Response {
  if (error instanceof HTTPException) return error.getResponse()
  const incident = incidentId()
  if (error.name === 'SettingsError') {
    // a Worker reads its settings per request; their messages never quote a token
    console.error(JSON.stringify({ message: 'bad settings', incident, error: error.message }))
    return c.json(
      { error: `crdconv is misconfigured (incident ${incident} in the webhook's log)` },
      500
    )
  }
  const transient = error instanceof RangeError
  console.error(
    JSON.stringify({
      message: 'internal error',
      incident,
      error: error.name,
      stack: stackFrames(error),
    })
  )
  const status = transient ? 503 : 500
  const message = transient
    ? `crdconv ran out of resources answering this review (incident ${incident}); retry`
    : `crdconv failed with an internal error (incident ${incident} in the webhook's log)`
  return c.json(
    {
      kind: 'Status',
      apiVersion: 'v1',
      status: 'Failure',
      code: status,
      reason: transient ? 'ServiceUnavailable' : 'InternalError',
      message,
      error: message,
    },
    status,
    transient ? { 'Retry-After': '1' } : {}
  )
}

function stackFrames(error: Error): string[] {
  const lines = typeof error.stack === 'string' ? error.stack.split('\n') : []
  return lines
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 10)
    .map((line) => line.trim())
}

function incidentId(): string {
  const bytes = new Uint8Array(6)
  crypto.getRandomValues(bytes)
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}
