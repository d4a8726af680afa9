/** The webhook as a Node server (`@hono/node-server`), HTTP or HTTPS, with its own limits; the process entry for a container.
 * @module
 */
export { type CertificateGenerations } from './connection-slots.ts'
export {
  defaultMetricsAccess,
  METRICS_ACCESS,
  readMetricsAccess,
  serveMetrics,
  type MetricsAccess,
} from './metrics-route.ts'
export {
  DEFAULT_NODE_PORT,
  nodeServer,
  startNodeServer,
  type NodeServerOptions,
  type NodeServerSettings,
  type RunningNodeServer,
  type RunningServer,
  type RunningWebhookServer,
} from './node-server.ts'
export {
  API_SERVER_IDLE_CONNECTION_SECONDS,
  DEFAULT_NODE_SERVER_LIMITS,
  NODE_SERVER_VARIABLES,
  readNodeServerLimits,
  type NodeServerLimits,
} from './node-server-limits.ts'
export {
  DEFAULT_SHUTDOWN_DELAY_SECONDS,
  readNodeListenSettings,
  runNodeServer,
  servingLine,
  type NodeListenSettings,
} from './run-node-server.ts'
export { TLS_POLICY } from './tls-policy.ts'
export {
  readTlsMaterial,
  TLS_FILE_CHECK_MS,
  watchTlsFiles,
  type TlsFiles,
  type TlsMaterial,
} from './tls-files.ts'
