/** The live cluster: client, lifecycle status, storage migration, webhook checks. */
export {
  apiFailure,
  ClusterError,
  explainClusterError,
  type ApiFailure,
  type ClusterAction,
  type ServiceAccountCredentials,
} from './cluster-error.ts'
export { connectToCluster, type ClusterClient, type ConnectOptions } from './connect-to-cluster.ts'
export { SERVICE_ACCOUNT_DIRECTORY } from './in-cluster-config.ts'
export {
  dryRunCreate,
  objectPages,
  resourceName,
  type ObjectPage,
  type ObjectsAt,
} from './custom-objects.ts'
export {
  liveStorageVersion,
  readCustomResourceDefinition,
  requireCustomResourceDefinition,
  setStoredVersions,
  type LiveCrdVersion,
  type LiveCustomResourceDefinition,
} from './live-crd.ts'
export { rewriteAllObjects, type RewriteCounts, type RewriteOptions } from './rewrite-objects.ts'
export { migrateStorage, moveOwnership } from './storage-migration.ts'
export type { MigrationSummary } from './migration-summary.ts'
export {
  ownershipRewriter,
  staleOwnershipVersions,
  type ManagedFieldsEntry,
  type OwnershipLoss,
  type OwnershipRewrite,
} from './ownership-rewrite.ts'
export {
  chooseMigrationApi,
  detectStorageMigration,
  STORAGE_MIGRATION_GROUP,
  type MigrationApiVersion,
  type ServerSideSupport,
  type StorageMigrationSupport,
} from './migration-api.ts'
export {
  migrationState,
  type MigrationCondition,
  type MigrationPhase,
  type MigrationState,
  type ServerSideResult,
  type StorageVersionMigrationObject,
} from './migration-status.ts'
export { migrateServerSide, type ServerSideOptions } from './server-side-migration.ts'
export { checkWebhookThroughApiServer, type WebhookCheck } from './webhook-check.ts'
export { resourceStatus, type ResourceStatus } from './lifecycle-status.ts'
export {
  STATUS_PROBLEM_CODES,
  type StatusProblem,
  type StatusProblemCode,
  type VersionFlags,
  type VersionRow,
} from './status-problems.ts'
export { webhookStatus, type WebhookStatus } from './webhook-status.ts'
export type { WebhookCostReport } from './webhook-cost-report.ts'
export type { WebhookHealth, WebhookState } from './webhook-health.ts'
export type { WebhookRoundTrip, WebhookRoundTripFailure } from './webhook-round-trip.ts'
