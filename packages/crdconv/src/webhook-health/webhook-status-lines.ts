import type { WebhookCostReport } from './webhook-cost-report.ts'
import type { WebhookStatus } from './webhook-status.ts'
import { countOf, nounFor } from '../command-io/index.ts'

const PROBES = { get: 'GETs', 'dry-run': 'no object stored: server-side dry-run creates' } as const
const SOURCES = {
  metrics: "the API server's /metrics",
  timed: 'timed against the storage version',
} as const

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
const count = (value: number, noun: string) =>
  `${Math.round(value).toLocaleString('en-US')} ${nounFor(Math.round(value), noun)}`

/** The lines `crdconv status` prints about a resource's webhook: round trip, cost, and fixes. */
export function webhookStatusLines(webhook: WebhookStatus): string[] {
  const { health, cost } = webhook
  const lines: string[] = []
  if (cost !== undefined) lines.push(...costLines(cost))
  else if (health.state === 'ok') {
    lines.push(
      'webhook: not measured (no served version besides the storage version is in the scheme)'
    )
  }
  if (health.state !== 'ok')
    lines.push(`webhook state: ${health.state.toUpperCase()} (see problems)`)
  return lines
}

function costLines(report: WebhookCostReport): string[] {
  const { roundTrip, cost } = report
  const others = report.otherServedVersions.join(', ')
  const trip = `${roundTrip.ms.toFixed(1)} ms a review (${PROBES[roundTrip.probe]} at ${roundTrip.version}, ${countOf(roundTrip.samples, 'sample')}, ${SOURCES[roundTrip.source]})`
  const list = `${countOf(report.storedObjects, 'review')} one after another, ${seconds(cost.listThroughWebhookMs)}${cost.listFails ? ', FAILS at the 60 s request timeout' : `, fails past ${count(cost.listFailsAbove, 'object')}`}`
  const reads =
    cost.quietBurst === undefined
      ? `every LIST at ${others} reads etcd through the webhook: ${list}`
      : `a burst of up to ${count(cost.quietBurst, 'write')} goes unnoticed by readers at ${others}; a larger one stalls a consistent LIST there ${seconds(report.stallAfterLargerBurstMs)} (3 s wait, then from etcd: ${list})`
  const idle =
    cost.idleReviewsPerHour === 0
      ? 'no reviews at idle on this release'
      : `${count(cost.idleReviewsPerHour, 'review')} an hour nobody asked for (${cost.idleMonthlyUsd.map((price) => `$${price.usd.toFixed(2)}/month on ${price.platform}`).join(', ')})`
  return [
    `webhook: ${trip}; ${report.serverVersion ?? 'release unknown'}; objects ${report.storedAt}`,
    `  cost: ${countOf(cost.reviewsPerWrite, 'review')} per write at the storage version; ${reads}; ${idle}`,
    `  to remove it: stop serving versions nobody reads, then crdconv retire; make the version clients read the storage version (crdconv migrate); run the webhook in the cluster (crdconv serve) or nearer`,
  ]
}
