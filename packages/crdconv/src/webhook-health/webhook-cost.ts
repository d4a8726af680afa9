// What a conversion webhook at a given round trip costs the cluster, predicted from the release's
// read and write paths (docs/performance.md, "When the API server calls the webhook"): reviews
// per write, the burst of writes readers do not notice, how long a larger one stalls them, the
// object count past which a LIST through the webhook fails, and the reviews nobody asked for.

/** What the prediction is made from: measured on the cluster at hand. */
export interface WebhookCostInput {
  /** The API server's minor release (`37` for v1.37). */
  readonly minor: number
  /** One review's round trip through the network and the webhook, in ms. */
  readonly reviewMs: number
  /** Objects of the resource stored now. */
  readonly storedObjects: number
  /** Served versions other than the storage version: each has a watch cache filled through the webhook. */
  readonly otherServedVersions: number
}

/** A platform's published price per million requests, in US dollars. */
export interface RequestPrice {
  readonly platform: string
  readonly perMillionUsd: number
}

/** Request prices as published (Workers Paid beyond the included 10 M; Lambda, us-east-1), 2026-11. */
export const REQUEST_PRICES: readonly RequestPrice[] = [
  { platform: 'Cloudflare Workers', perMillionUsd: 0.3 },
  { platform: 'AWS Lambda', perMillionUsd: 0.2 },
]

/** How long a consistent LIST waits for its watch cache before it reads etcd instead. */
export const CONSISTENT_READ_WAIT_MS = 3_000
/** The API server's default request timeout: a LIST still converting then fails. */
export const REQUEST_TIMEOUT_MS = 60_000
/** The cache consistency check re-lists every 5 to 7.5 minutes: 6.25 on average. */
export const CONSISTENCY_CHECK_PERIOD_MS = 6.25 * 60_000

export interface WebhookCost {
  /** Reviews one write at the storage version costs: one per other served version's cache. */
  readonly reviewsPerWrite: number
  /** Reviews converted at once while a cache catches up (10 from 1.37, one before). */
  readonly concurrentReviews: number
  /** Whether a LIST without a resourceVersion is served from the watch cache (1.31 on). */
  readonly listsFromCache: boolean
  /**
   * The largest burst of writes after which a consistent LIST at another version still comes
   * from its cache (caught up within the 3 s wait); `undefined` where LISTs never use the cache.
   */
  readonly quietBurst: number | undefined
  /** A LIST through the webhook (from etcd): one review per object, one after another. */
  readonly listThroughWebhookMs: number
  /** Whether that LIST runs past the 60 s request timeout and fails. */
  readonly listFails: boolean
  /** The object count past which a LIST through the webhook fails. */
  readonly listFailsAbove: number
  /** Reviews per hour with no client at all (the consistency check, 1.34 on). */
  readonly idleReviewsPerHour: number
  /** What those idle reviews cost a month on each platform, at its request price. */
  readonly idleMonthlyUsd: readonly { readonly platform: string; readonly usd: number }[]
}

/**
 * The cost of a webhook `reviewMs` away for `storedObjects` objects on release `minor`.
 *
 * @example
 * ```ts
 * predictWebhookCost({ minor: 37, reviewMs: 100, storedObjects: 1000, otherServedVersions: 1 })
 * // { reviewsPerWrite: 1, quietBurst: 300, listThroughWebhookMs: 100000, listFails: true, … }
 * ```
 */
export function predictWebhookCost(input: WebhookCostInput): WebhookCost {
  const { minor, reviewMs, storedObjects, otherServedVersions } = input
  const concurrentReviews = minor >= 37 ? 10 : 1
  const listsFromCache = minor >= 31
  const listThroughWebhookMs = storedObjects * reviewMs
  const idleReviewsPerHour =
    minor >= 34
      ? Math.round((storedObjects * otherServedVersions * 3_600_000) / CONSISTENCY_CHECK_PERIOD_MS)
      : 0
  return {
    reviewsPerWrite: otherServedVersions,
    concurrentReviews,
    listsFromCache,
    quietBurst: listsFromCache
      ? Math.floor((CONSISTENT_READ_WAIT_MS * concurrentReviews) / Math.max(reviewMs, 0.001))
      : undefined,
    listThroughWebhookMs,
    listFails: otherServedVersions > 0 && listThroughWebhookMs > REQUEST_TIMEOUT_MS,
    listFailsAbove: Math.floor(REQUEST_TIMEOUT_MS / Math.max(reviewMs, 0.001)),
    idleReviewsPerHour,
    idleMonthlyUsd: REQUEST_PRICES.map(({ platform, perMillionUsd }) => ({
      platform,
      usd: (idleReviewsPerHour * HOURS_PER_MONTH * perMillionUsd) / 1_000_000,
    })),
  }
}

const HOURS_PER_MONTH = 730

/**
 * How long a consistent LIST at another version waits after a burst of `writes`: the time its
 * cache needs to convert them, or, past the 3 s wait, the wait plus a LIST through the webhook.
 */
export function stallAfterBurstMs(cost: WebhookCost, writes: number, reviewMs: number): number {
  if (!cost.listsFromCache) return cost.listThroughWebhookMs
  const catchUpMs = (writes * reviewMs) / cost.concurrentReviews
  return catchUpMs <= CONSISTENT_READ_WAIT_MS
    ? catchUpMs
    : CONSISTENT_READ_WAIT_MS + cost.listThroughWebhookMs
}
