// What the webhook costs this cluster, from the measured round trip, the stored objects, the
// served versions and the API server's release: predictWebhookCost's figures, what the API tells
// about where objects are stored, and what removes each cost.
import { suggestedCommands, type SuggestedCommands } from '../command-io/index.ts'
import { predictWebhookCost, stallAfterBurstMs, type WebhookCost } from './webhook-cost.ts'
import type { WebhookRoundTrip } from './webhook-round-trip.ts'

export interface WebhookCostReport {
  /** `v1.37.2`, or undefined when the API server does not say. */
  readonly serverVersion: string | undefined
  readonly roundTrip: WebhookRoundTrip
  readonly storedObjects: number
  /** Where the objects are stored, as far as the API tells (it counts no object per version). */
  readonly storedAt: string
  readonly otherServedVersions: readonly string[]
  readonly cost: WebhookCost
  /** A consistent LIST at another version after a burst one larger than `cost.quietBurst`, in ms. */
  readonly stallAfterLargerBurstMs: number
  /** What removes each cost, with its command. */
  readonly fixes: readonly string[]
}

export interface CostInput {
  readonly serverVersion: string | undefined
  readonly roundTrip: WebhookRoundTrip
  readonly storedObjects: number
  readonly storage: string
  readonly storedVersions: readonly string[]
  readonly otherServed: readonly string[]
  /** The commands fixes suggest (default: bare). */
  readonly commands?: SuggestedCommands
}

/** A release the API server did not name is taken for the newest crdconv knows. */
const NEWEST_MINOR = 37

/**
 * The cost report of one resource.
 *
 * @example
 * ```ts
 * const report = webhookCostReport({ serverVersion: 'v1.37.2', roundTrip, storedObjects: 500,
 *   storage: 'v1beta1', storedVersions: ['v1beta1'], otherServed: ['v1'] })
 * report.cost.quietBurst // 300 at 100 ms
 * ```
 */
export function webhookCostReport(input: CostInput): WebhookCostReport {
  const { roundTrip, storedObjects, storage, otherServed } = input
  const minor = releaseMinor(input.serverVersion) ?? NEWEST_MINOR
  const cost = predictWebhookCost({
    minor,
    reviewMs: roundTrip.ms,
    storedObjects,
    otherServedVersions: otherServed.length,
  })
  const larger = (cost.quietBurst ?? 0) + 1
  return {
    serverVersion: input.serverVersion,
    roundTrip,
    storedObjects,
    storedAt: storedAt(input),
    otherServedVersions: otherServed,
    cost,
    stallAfterLargerBurstMs: stallAfterBurstMs(cost, larger, roundTrip.ms),
    fixes: fixes(storage, otherServed, input.commands ?? suggestedCommands({})),
  }
}

/** `37` for `v1.37.2`. */
export function releaseMinor(version: string | undefined): number | undefined {
  const match = /^v?1\.(\d+)/.exec(version ?? '')
  return match === null ? undefined : Number(match[1])
}

function storedAt({ storage, storedVersions, storedObjects }: CostInput): string {
  if (storedVersions.length <= 1 && storedVersions[0] === storage) {
    return `all ${storedObjects} at ${storage}`
  }
  return `${storedObjects} at ${storedVersions.join(' or ')} (status.storedVersions; the API does not say how many at each: crdconv migrate rewrites them all at ${storage})`
}

function fixes(
  storage: string,
  otherServed: readonly string[],
  commands: SuggestedCommands
): string[] {
  const others = otherServed.join(', ')
  return [
    `stop serving versions nobody reads (served: false in the scheme, then ${commands.crd()}), then drop the webhook once one is left: ${commands.retire()}`,
    `make the version clients read the storage version (storage: true in the scheme, then ${commands.crd()}, then ${commands.migrate()}): reads at ${storage} never call the webhook, reads at ${others} do`,
    `shorten the round trip: run the webhook in the cluster (crdconv serve) or nearer to it (Workers placement, Lambda in the cluster's region)`,
  ]
}
