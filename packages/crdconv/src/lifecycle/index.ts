/** A CRD's version lifecycle on a live cluster: status, storage migration (migrate), retire, and their reports. */
export {
  REWRITE_FAILURE_CODES,
  rewriteAllObjects,
  type RewriteCounts,
  type RewriteFailure,
  type RewriteFailureCode,
  type RewriteOptions,
} from './rewrite-objects.ts'
export { migrateStorage, moveOwnership } from './storage-migration.ts'
export type { MigrationSummary } from './migration-summary.ts'
export {
  MIGRATION_PREFLIGHT_CODES,
  type MigrationBlock,
  type MigrationPreflightCode,
} from './migration-block.ts'
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
export { resourceStatus, type ResourceStatus, tallyObjects } from './lifecycle-status.ts'
export {
  webhookMetricsLines,
  webhookMetricsReport,
  type WebhookMetricsReport,
} from './status-webhook-metrics.ts'
export { droppedVersionProblems, type StoredVersionsSource } from './dropped-versions.ts'
export { retiredCrds, unretiredVersions } from './retired-crd.ts'
export {
  blocksNextStep,
  describeMigrationSupport,
  describeStatus,
  statusJson,
  type ResourceReport,
} from './status-report.ts'
export { migrateResource, type MigrateResourceOptions } from './migrate-resource.ts'
export { describeSummary, migrationFailed } from './migration-report.ts'
export {
  migrateProgress,
  serverSideProgress,
  type MigrateProgress,
  type ServerSideProgress,
} from './migrate-progress.ts'
export {
  STATUS_PROBLEM_CODES,
  type StatusProblem,
  type StatusProblemCode,
  type VersionFlags,
  type VersionRow,
} from './status-problems.ts'
export {
  describeSwitch,
  PREVIOUS_CLIENT_CONFIG,
  switchWebhook,
  type ServiceReference,
  type SwitchTarget,
  type WebhookSwitch,
} from './webhook-switch.ts'
export { cleanStoredObjects, type CleanOptions, type CleanSummary } from './clean-objects.ts'
export { cleanFailed, describeClean } from './clean-report.ts'
export {
  objectState,
  stateAnnotations,
  withoutAnnotations,
  type NeededState,
  type ObjectState,
  type StateAnnotations,
} from './conversion-state.ts'
