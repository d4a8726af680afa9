/** The cluster client: its errors, custom objects, the live CRD, dry runs; connecting loads on use. */
export {
  apiFailure,
  describeApiError,
  CLUSTER_ERROR_CODES,
  ClusterError,
  explainClusterError,
  type ApiFailure,
  type ClusterErrorCode,
  type ClusterAction,
  type ServiceAccountCredentials,
  isTransient,
  actingAs,
} from './cluster-error.ts'
// connect-to-cluster.ts and read-crd-from-cluster.ts load @kubernetes/client-node: they are reached
// by dynamic import of the file itself, so that commands that never talk to a cluster start without it
export type { ClusterClient, ConnectOptions } from './connect-to-cluster.ts'
export { SERVICE_ACCOUNT_DIRECTORY } from './in-cluster-config.ts'
export {
  dryRunCreate,
  objectPages,
  resourceName,
  type ObjectFilter,
  type ObjectPage,
  type ObjectsAt,
  forbiddenVerbs,
  readObject,
  replaceObject,
  countObjects,
} from './custom-objects.ts'
export {
  liveStorageVersion,
  readCustomResourceDefinition,
  requireCustomResourceDefinition,
  setStoredVersions,
  replaceCustomResourceDefinition,
  type LiveCrdVersion,
  type LiveCustomResourceDefinition,
  objectsAt,
} from './live-crd.ts'
export { serverVersion, dryRunCreateCrd, formatCrdRefusal } from './crd-dry-run.ts'
export { applyCustomResourceDefinition, type CrdApplied } from './apply-crd.ts'
export { withScratchCrd, type ScratchCrd } from './scratch-crd.ts'
