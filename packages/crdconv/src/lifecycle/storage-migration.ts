import type { Resource } from '@crdconv/webhook/scheme'
import {
  type ClusterClient,
  objectsAt,
  setStoredVersions,
  type LiveCustomResourceDefinition,
} from '../cluster-client/index.ts'
import {
  startMigration,
  requirePermissions,
  settleAfterCrdChange,
  UPDATE_CRD_STATUS,
  webhookBlock,
} from './migration-preflight.ts'
import { ownershipRewriter } from './ownership-rewrite.ts'
import { rewriteAllObjects, type RewriteCounts, type RewriteOptions } from './rewrite-objects.ts'
import type { MigrationSummary } from './migration-summary.ts'

/**
 * Storage migration of one resource, the last steps of the Kubernetes version lifecycle:
 * checks that the live CRD stores the scheme's storage version, that RBAC allows the writes and
 * that the webhook answers through the API server; rewrites every object (`rewriteAllObjects`);
 * and only when every object was rewritten sets `status.storedVersions` to the storage version.
 * Each object's managedFields entries at other versions move to the storage version in the same
 * write (`ownershipRewriter`); when storedVersions is already pruned, only objects whose entries
 * still name another version are written. A `ClusterError` (exit 2) means nothing was written.
 *
 * @example
 * ```ts
 * const summary = await migrateStorage(connectToCluster(), cronTab, { concurrency: 8, pageSize: 500, dryRun: false })
 * summary.storedVersionsAfter // ['v1']
 * ```
 */
export async function migrateStorage(
  client: ClusterClient,
  resource: Resource,
  options: RewriteOptions
): Promise<MigrationSummary> {
  const { crd, summary } = await startMigration(client, resource)
  const { group, names } = crd.spec
  if (summary.alreadyMigrated) {
    return { ...summary, ownership: await moveOwnership(client, resource, crd, options) }
  }
  const { crdName, storageVersion, storedVersionsBefore: before } = summary
  await requirePermissions(client, [
    { verb: 'list', group, resource: names.plural },
    ...(options.dryRun
      ? []
      : [{ verb: 'update', group, resource: names.plural }, UPDATE_CRD_STATUS]),
  ])
  const blocked = await webhookBlock(client, resource, crd)
  if (blocked !== undefined) {
    return { ...summary, storedVersionsAfter: before, alreadyMigrated: false, blocked }
  }
  const at = objectsAt(crd, storageVersion)
  if (!options.dryRun) await settleAfterCrdChange(crd)
  const counts = await rewriteAllObjects(client, at, {
    ...options,
    ownership: ownershipRewriter(resource),
  })
  let after = before
  if (!options.dryRun && counts.failures.length === 0 && counts.stopped === undefined) {
    await setStoredVersions(client, crdName, [storageVersion])
    after = [storageVersion]
  }
  return { ...summary, storedVersionsAfter: after, alreadyMigrated: false, counts }
}

/**
 * Writes back only the objects whose managedFields name a version other than the storage
 * version, with those entries moved to it (`ownershipRewriter`), guarded by resourceVersion like
 * the storage rewrite. Converting locally through the scheme, it needs no webhook and works when
 * the old version is already gone from the CRD.
 */
export async function moveOwnership(
  client: ClusterClient,
  resource: Resource,
  crd: LiveCustomResourceDefinition,
  options: RewriteOptions
): Promise<RewriteCounts> {
  return rewriteAllObjects(client, objectsAt(crd, resource.storageVersion), {
    ...options,
    ownership: ownershipRewriter(resource),
    ownershipOnly: true,
  })
}
