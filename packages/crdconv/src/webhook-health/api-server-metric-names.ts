// The API server's own metrics that crdconv's alerts, dashboard and status read, by the names
// the real API servers of the tests expose (test/node/metrics/prometheus-scrape.apiserver.test.ts).

/**
 * Conversion webhook calls by `crd_name`, `from_version`, `to_version` and `succeeded`: a
 * histogram renamed in 1.28; v1.20 has the first name only, the current release the second only.
 */
export const API_SERVER_CONVERSION_HISTOGRAMS = [
  'apiserver_crd_webhook_conversion_duration_seconds',
  'apiserver_crd_conversion_webhook_duration_seconds',
] as const

/**
 * Consistent LISTs by `group`, `resource`, `success` and `fallback` (`true`: the watch cache was
 * over 3 s behind, so the LIST read etcd). Since 1.31; v1.20 reads every such LIST from etcd.
 */
export const API_SERVER_CONSISTENT_READS = 'apiserver_watch_cache_consistent_read_total'

/** A PromQL `__name__` matcher for both names of the histogram's `series` (`bucket`, `count`, `sum`). */
export function apiServerHistogramMatcher(series: 'bucket' | 'count' | 'sum'): string {
  return `__name__=~"${API_SERVER_CONVERSION_HISTOGRAMS.map((name) => `${name}_${series}`).join('|')}"`
}
