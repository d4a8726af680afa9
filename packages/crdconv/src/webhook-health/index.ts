/** The conversion webhook seen from the cluster: checks through the API server, health, cost, metrics, as status says them. */
export { checkObjects, checkWebhookThroughApiServer, type WebhookCheck } from './webhook-check.ts'
export { webhookStatus, type WebhookStatus } from './webhook-status.ts'
export { webhookStatusLines } from './webhook-status-lines.ts'
export type { WebhookCostReport } from './webhook-cost-report.ts'
export type { WebhookHealth, WebhookState } from './webhook-health.ts'
export type { WebhookRoundTrip, WebhookRoundTripFailure } from './webhook-round-trip.ts'
export { DEFAULT_SLOW_MS } from './webhook-health.ts'
export {
  readWebhookMetrics,
  webhookPairFigures,
  type WebhookPairFigures,
} from './webhook-metrics.ts'
export {
  API_SERVER_CONSISTENT_READS,
  apiServerHistogramMatcher,
} from './api-server-metric-names.ts'
