import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'

/**
 * The answer to an error nothing else handled: a bug in crdconv or in a custom scheme, bad
 * settings read per request (Workers), or the runtime running out of memory or stack. The API
 * server retries a POST only on 429/5xx that carry `Retry-After` (at most 10 times inside its
 * 30 s), so the status says whether a retry can help:
 * - resource exhaustion (`RangeError`: stack, string or allocation size) may come from other
 *   requests sharing the process or isolate, so it is 503 with `Retry-After: 1`;
 * - any other error will happen again for the same review, so it is 500 without `Retry-After`:
 *   the user sees the failure at once instead of after 30 s of retries.
 * The body is a `metav1.Status`, the one non-2xx body the API server quotes to the user. The log
 * gets an incident id, the error's name and stack frames, never its message, which may quote an
 * object (a settings message, which never quotes a token, is logged whole).
 */
export function answerInternalError(error: Error, c: Context): Response {
  if (error instanceof HTTPException) return error.getResponse()
  const incident = incidentId()
  const misconfigured = error.name === 'SettingsError'
  const transient = error instanceof RangeError
  console.error(
    JSON.stringify({
      message: misconfigured ? 'bad settings' : 'internal error',
      incident,
      error: misconfigured ? error.message : error.name,
      stack: misconfigured ? undefined : stackFrames(error),
    })
  )
  if (transient) {
    const message = `crdconv ran out of resources answering this review (incident ${incident}); retry`
    return c.json(kubernetesStatus(503, 'ServiceUnavailable', message), 503, { 'Retry-After': '1' })
  }
  const message = misconfigured
    ? `crdconv is misconfigured (incident ${incident} in the webhook's log)`
    : `crdconv failed with an internal error (incident ${incident} in the webhook's log)`
  return c.json(kubernetesStatus(500, 'InternalError', message), 500)
}

/** A `metav1.Status`, with `error` as every other crdconv error body has it. */
export function kubernetesStatus(code: number, reason: string, message: string) {
  return {
    kind: 'Status',
    apiVersion: 'v1',
    status: 'Failure',
    code,
    reason,
    message,
    error: message,
  }
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
