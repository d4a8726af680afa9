import type { RequestObserver, RequestOutcome } from '../http/request-outcome.ts'
import type { ReviewSummary } from '../review/index.ts'
import type { Resource, Scheme } from '../scheme/index.ts'
import {
  conversionLabelValues,
  resolveConversion,
  type ConversionLabelValues,
} from './conversion-labels.ts'
import { emptyHistogram, observe } from './histogram.ts'
import { BAD_REQUEST_REASONS, FAILURE_REASONS, type BadRequestReason } from './metric-catalog.ts'
import type { MetricsSnapshot, PairSeries } from './metrics-snapshot.ts'
import { renderPrometheusText } from './prometheus-text.ts'

export type { MetricsSnapshot, PairSeries } from './metrics-snapshot.ts'

/** The webhook's counters in memory: fed by `observe`, read as Prometheus text. */
export interface ConversionMetrics {
  /** Pass as `createApp`'s `observe`. */
  readonly observe: RequestObserver
  snapshot(): MetricsSnapshot
  /** The text format Prometheus scrapes (version 0.0.4). */
  prometheusText(): string
}

/**
 * Counters and histograms of every review, by CRD and version pair, held in memory for a
 * Prometheus scrape. Every pair the scheme serves starts at zero, so rates read 0, not nothing;
 * anything not served is counted under `unknown`, so no client can add a series.
 *
 * @example
 * ```ts
 * const metrics = createConversionMetrics(scheme)
 * const app = createApp({ scheme, observe: metrics.observe })
 * app.get('/metrics', (c) => c.text(metrics.prometheusText()))
 * ```
 */
export function createConversionMetrics(scheme: Scheme): ConversionMetrics {
  const byResource = new Map<Resource | undefined, Map<string, Map<string, PairSeries>>>()
  const pairs: PairSeries[] = []
  const badRequests = Object.fromEntries(
    BAD_REQUEST_REASONS.map((reason) => [reason, 0])
  ) as Record<BadRequestReason, number>
  let wrongTokens = 0

  const pairFor = (kind: string, from: string, to: string): PairSeries => {
    const conversion = resolveConversion(scheme, kind, from, to)
    let byFrom = byResource.get(conversion.resource)
    if (byFrom === undefined) byResource.set(conversion.resource, (byFrom = new Map()))
    let byTo = byFrom.get(conversion.fromVersion)
    if (byTo === undefined) byFrom.set(conversion.fromVersion, (byTo = new Map()))
    let series = byTo.get(conversion.toVersion)
    if (series === undefined) {
      byTo.set(conversion.toVersion, (series = emptySeries(conversionLabelValues(conversion))))
      pairs.push(series)
    }
    return series
  }
  for (const resource of scheme.resources) {
    for (const from of resource.versionNames) {
      for (const to of resource.versionNames) {
        const apiVersion = (version: string) => `${resource.group}/${version}`
        pairFor(resource.kind, apiVersion(from), apiVersion(to))
      }
    }
  }

  const countReview = (summary: ReviewSummary, seconds: number, convertSeconds: number) => {
    const to = summary.desiredAPIVersion
    const first = summary.conversions[0] ?? summary.failures[0]
    const series = pairFor(first?.kind ?? '', first?.from ?? '', to)
    series.reviews[summary.outcome]++
    observe(series.reviewDuration, seconds)
    observe(series.converterDuration, convertSeconds)
    if (summary.outcome === 'Success') {
      for (const { kind, from, count } of summary.conversions) {
        const pair = kind === first?.kind && from === first.from ? series : pairFor(kind, from, to)
        pair.objects += count
      }
    }
    for (const { kind, from, reason, count } of summary.failures) {
      pairFor(kind, from, to).failures[reason] += count
    }
  }

  const snapshot = (): MetricsSnapshot => ({ pairs, badRequests, wrongTokens })
  return {
    observe: (outcome: RequestOutcome) => {
      if (outcome.type === 'review') {
        countReview(outcome.summary, outcome.seconds, outcome.convertSeconds)
      } else if (outcome.type === 'bad_request') badRequests[outcome.reason] += 1
      else wrongTokens++
    },
    snapshot,
    prometheusText: () => renderPrometheusText(snapshot()),
  }
}

function emptySeries(labels: ConversionLabelValues): PairSeries {
  return {
    labels,
    reviews: { Success: 0, Failed: 0 },
    objects: 0,
    failures: zeroes(FAILURE_REASONS),
    reviewDuration: emptyHistogram(),
    converterDuration: emptyHistogram(),
  }
}

function zeroes<Key extends string>(keys: readonly Key[]): Record<Key, number> {
  return Object.fromEntries(keys.map((key) => [key, 0])) as Record<Key, number>
}
