// The webhook's side of `status`: its own /metrics (the Node server's Prometheus text), read
// over HTTP(S) with the path token as a bearer token, summed per version pair of one CRD.
import { METRICS } from '@crdconv/webhook/metrics'
import { httpGetText } from '../http-client/index.ts'
import { prometheusSamples } from './prometheus-samples.ts'

/** What the webhook counted for one version pair of a CRD since it started. */
export interface WebhookPairFigures {
  readonly fromVersion: string
  readonly toVersion: string
  readonly reviews: number
  readonly failedReviews: number
  readonly objects: number
  readonly failedObjects: number
  /** Mean seconds of a review in the webhook; undefined before the first review. */
  readonly meanReviewSeconds: number | undefined
}

/**
 * The webhook's figures for `crdName`, one per version pair it has reviewed, from its
 * Prometheus text. Pairs with no review are left out.
 *
 * @example
 * ```ts
 * webhookPairFigures(await readWebhookMetrics(url, { token }), 'crontabs.example.com')
 * ```
 */
export function webhookPairFigures(text: string, crdName: string): WebhookPairFigures[] {
  const pairs = new Map<
    string,
    { -readonly [Key in keyof WebhookPairFigures]: WebhookPairFigures[Key] } & { seconds: number }
  >()
  for (const { name, labels, value } of prometheusSamples(text)) {
    if (labels['crd_name'] !== crdName) continue
    const fromVersion = labels['from_version'] ?? ''
    const toVersion = labels['to_version'] ?? ''
    const key = `${fromVersion} ${toVersion}`
    let pair = pairs.get(key)
    if (pair === undefined) {
      pair = {
        fromVersion,
        toVersion,
        reviews: 0,
        failedReviews: 0,
        objects: 0,
        failedObjects: 0,
        meanReviewSeconds: undefined,
        seconds: 0,
      }
      pairs.set(key, pair)
    }
    if (name === METRICS.reviews.name) {
      pair.reviews += value
      if (labels['outcome'] === 'Failed') pair.failedReviews += value
    } else if (name === METRICS.objects.name) pair.objects += value
    else if (name === METRICS.failures.name) pair.failedObjects += value
    else if (name === `${METRICS.reviewDuration.name}_sum`) pair.seconds += value
  }
  return [...pairs.values()]
    .filter((pair) => pair.reviews > 0)
    .map(({ seconds, ...pair }) => ({ ...pair, meanReviewSeconds: seconds / pair.reviews }))
}

/**
 * GET `url` (the webhook's /metrics) with `Authorization: Bearer <token>` when a token is given,
 * trusting `ca` (PEM) over HTTPS; the body of a 200, else throws saying what answered.
 */
export async function readWebhookMetrics(
  url: string,
  options: { readonly token?: string; readonly ca?: string } = {}
): Promise<string> {
  const target = new URL(url)
  const headers: Record<string, string> =
    options.token === undefined ? {} : { authorization: `Bearer ${options.token}` }
  const tls = options.ca === undefined ? {} : { ca: options.ca }
  return httpGetText(target, { headers, ...tls }, `${target.origin}${target.pathname}`)
}
