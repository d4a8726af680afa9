// `status --metrics-url`: the webhook's own figures per version pair beside the API server's
// round trip, and the gap between the two named.
import type { ResourceStatus } from './lifecycle-status.ts'
import { webhookPairFigures, type WebhookPairFigures } from '../webhook-health/index.ts'

/** The webhook's side of one resource, as `status` prints it and `--json` holds it. */
export interface WebhookMetricsReport {
  /** Why the webhook's /metrics could not be read; the pairs are then empty. */
  readonly unreadable?: string
  readonly pairs: readonly WebhookPairFigures[]
  /** The API server's round trip minus the webhook's own time, for the pair it measured. */
  readonly gap?: {
    readonly version: string
    readonly apiServerMs: number
    readonly webhookMs: number
  }
}

export function webhookMetricsReport(
  side: { text: string } | { unreadable: string },
  status: ResourceStatus
): WebhookMetricsReport {
  if ('unreadable' in side) return { unreadable: side.unreadable, pairs: [] }
  const pairs = webhookPairFigures(side.text, status.crdName)
  const trip = status.webhook?.cost?.roundTrip
  const measured = pairs.find((pair) => pair.toVersion === trip?.version)
  if (trip === undefined || measured?.meanReviewSeconds === undefined) return { pairs }
  const gap = {
    version: trip.version,
    apiServerMs: trip.ms,
    webhookMs: measured.meanReviewSeconds * 1000,
  }
  return { pairs, gap }
}

const ms = (value: number) => `${value.toFixed(1)} ms`

export function webhookMetricsLines(report: WebhookMetricsReport): string[] {
  if (report.unreadable !== undefined) {
    return [`webhook's own view: /metrics not read (${report.unreadable})`]
  }
  if (report.pairs.length === 0) return ["webhook's own view: no review of this CRD counted yet"]
  const lines = ["webhook's own view (its /metrics, since it started):"]
  for (const pair of report.pairs) {
    lines.push(
      `  ${pair.fromVersion} → ${pair.toVersion}: ${pair.reviews} reviews (${pair.failedReviews} Failed), ${pair.objects} objects converted, ${pair.failedObjects} failed, ${ms((pair.meanReviewSeconds ?? 0) * 1000)} a review`
    )
  }
  if (report.gap !== undefined) {
    const { version, apiServerMs, webhookMs } = report.gap
    lines.push(
      `  gap at ${version}: the API server's round trip ${ms(apiServerMs)}, the webhook's own ${ms(webhookMs)}: ${ms(Math.max(0, apiServerMs - webhookMs))} is the way between them (network, TLS handshakes, cold starts)`
    )
  }
  return lines
}
