/** The webhook's metrics: what is counted, by CRD and version pair, and how each platform reads it.
 * @module
 */
export {
  ANALYTICS_ENGINE_BINDING,
  ANALYTICS_ENGINE_BLOBS,
  ANALYTICS_ENGINE_DOUBLES,
  analyticsEngineDataPoint,
  analyticsEngineWriter,
  type AnalyticsEngineDataset,
} from './analytics-engine.ts'
export {
  conversionLabels,
  conversionLabelValues,
  resolveConversion,
  type ConversionLabelValues,
  type ResolvedConversion,
} from './conversion-labels.ts'
export {
  createConversionMetrics,
  type ConversionMetrics,
  type MetricsSnapshot,
  type PairSeries,
} from './conversion-metrics.ts'
export {
  CLOUDWATCH_NAMESPACE,
  embeddedMetricFields,
  embeddedMetricLines,
} from './embedded-metric-format.ts'
export {
  BAD_REQUEST_REASONS,
  CONVERSION_LABELS,
  DURATION_BUCKETS,
  FAILURE_REASONS,
  METRICS,
  UNKNOWN_LABEL,
  type MetricDefinition,
  type MetricKey,
  type MetricType,
} from './metric-catalog.ts'
export { PROMETHEUS_CONTENT_TYPE, renderPrometheusText } from './prometheus-text.ts'
