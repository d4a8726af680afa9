// Whether the webhook answers the API server, fails, or answers too slowly, and what that breaks:
// the versions and operations affected, what keeps working, and the command that fixes it.
import { suggestedCommands, type SuggestedCommands, countOf } from '../command-io/index.ts'
import type { WebhookRoundTrip, WebhookRoundTripFailure } from './webhook-round-trip.ts'

/** The `--slow-ms` default: past it a LIST of 600 objects through the webhook fails at 60 s. */
export const DEFAULT_SLOW_MS = 100

/**
 * `ok`; `down`: the API server cannot reach it (refused, unknown host, no answer in 30 s, TLS);
 * `erroring`: it answers, with `Failed` or an HTTP error; `slow`: a review takes over `--slow-ms`.
 */
export type WebhookState = 'ok' | 'down' | 'erroring' | 'slow'

/** What the webhook's state means for this resource. */
export interface WebhookHealth {
  readonly state: WebhookState
  /** Served versions read and written through the webhook: the ones that fail or wait. */
  readonly affectedVersions: readonly string[]
  readonly message?: string
  /** What fails (or waits), what keeps working. */
  readonly affected?: string
  readonly fix?: string
}

const UNREACHABLE =
  /connection refused|no such host|i\/o timeout|context deadline exceeded|Client\.Timeout|connection reset|EOF|x509|tls:|no route to host|network is unreachable/i

/** `down` when the API server's message says it never got an answer, else `erroring`. */
export function failureState(message: string): 'down' | 'erroring' {
  return UNREACHABLE.test(message) && !message.includes('an error on the server')
    ? 'down'
    : 'erroring'
}

/** The facts the verdict is made from. */
export interface HealthInput {
  readonly measured: WebhookRoundTrip | WebhookRoundTripFailure | undefined
  /** A dry-run check that failed (`crdconv status` makes one per other served version). */
  readonly failedCheck?: WebhookRoundTripFailure
  readonly slowMs: number
  readonly storage: string
  readonly otherServed: readonly string[]
  readonly url: string | undefined
  readonly storedObjects: number
  /** The commands fixes suggest (default: bare). */
  readonly commands?: SuggestedCommands
}

/**
 * The webhook's state for one resource with the operations affected and the fix.
 *
 * @example
 * ```ts
 * webhookHealth({ measured: { version: 'v1', message: '… connect: connection refused' },
 *   slowMs: 100, storage: 'v1beta1', otherServed: ['v1'], url, storedObjects: 3 }).state // 'down'
 * ```
 */
export function webhookHealth(input: HealthInput): WebhookHealth {
  const { measured, storage, otherServed, url } = input
  const commands = input.commands ?? suggestedCommands({})
  const failure = measured !== undefined && 'message' in measured ? measured : input.failedCheck
  const others = otherServed.join(', ')
  const at = url ?? 'its URL'
  const oneServed = otherServed.length === 0
  if (failure !== undefined) {
    const state = failureState(failure.message)
    const retire = oneServed
      ? `; or, as ${storage} is the only version served, drop the webhook: ${commands.retire()}`
      : ''
    return {
      state,
      affectedVersions: otherServed,
      message:
        state === 'down'
          ? `the webhook is down: the API server cannot reach ${at} (${failure.message})`
          : `the webhook answers with an error: ${failure.message}`,
      affected: `failing: GET, create, update, patch and delete at ${others || failure.version}, and LIST at it (on v1.20 always; on current releases once its watch cache has fallen behind, after any write); working: everything at ${storage} (the storage version) and every other resource`,
      fix:
        state === 'down'
          ? `redeploy the webhook at ${at}, or point the CRD where it runs: ${commands.crd()}; crdconv probe URL checks it directly${retire}`
          : `redeploy a working webhook (its log names the review uid and the failing object; crdconv probe URL reproduces it)${retire}`,
    }
  }
  if (measured !== undefined && 'ms' in measured && measured.ms > input.slowMs) {
    const seconds = ((measured.ms * input.storedObjects) / 1000).toFixed(1)
    return {
      state: 'slow',
      affectedVersions: otherServed,
      message: `the webhook is slow: a review takes ${measured.ms.toFixed(0)} ms through the API server (over --slow-ms ${input.slowMs})`,
      affected: `waiting: every GET and write at ${others}, and a LIST at ${others} read through the webhook (${countOf(input.storedObjects, 'object')}, one review after another: ${seconds} s; it fails past 60 s); working at full speed: everything at ${storage}`,
      fix: `run the webhook in the cluster (crdconv serve) or nearer to it (Workers placement, Lambda in the cluster's region); or make the version clients read the storage version (storage: true in the scheme, then ${commands.crd(url)}, then ${commands.migrate()})`,
    }
  }
  return { state: 'ok', affectedVersions: [] }
}
