import type { Resource } from '@crdconv/webhook/scheme'
import { actingAs, ClusterError } from './cluster-error.ts'
import type { ClusterClient } from './connect-to-cluster.ts'
import { forbiddenVerbs, type ObjectsAt } from './custom-objects.ts'
import {
  liveStorageVersion,
  requireCustomResourceDefinition,
  setStoredVersions,
  type LiveCustomResourceDefinition,
} from './live-crd.ts'
import { rewriteAllObjects, type RewriteCounts, type RewriteOptions } from './rewrite-objects.ts'
import { checkWebhookThroughApiServer } from './webhook-check.ts'

/** What `migrateStorage` did (or, with `dryRun`, would do) for one resource. */
export interface MigrationSummary {
  /** `plural.group` */
  readonly crdName: string
  readonly storageVersion: string
  readonly storedVersionsBefore: readonly string[]
  /** `status.storedVersions` at the end; unchanged after a dry run or a failure. */
  readonly storedVersionsAfter: readonly string[]
  /** Nothing to do: `storedVersions` already held the storage version alone. */
  readonly alreadyMigrated: boolean
  /** Undefined when the webhook check stopped the migration before any write. */
  readonly counts?: RewriteCounts
  /** Why nothing was written: a failed webhook check, with what to do. */
  readonly blocked?: string
}

/**
 * Storage migration of one resource, the last steps of the Kubernetes version lifecycle:
 * checks that the live CRD stores the scheme's storage version, that RBAC allows the writes and
 * that the webhook answers through the API server; rewrites every object (`rewriteAllObjects`);
 * and only when every object was rewritten sets `status.storedVersions` to the storage version.
 * A `ClusterError` (exit 2) means nothing was written.
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
  const crdName = resource.identity.crdName
  const crd = await requireCustomResourceDefinition(client, crdName)
  const storageVersion = checkStorageVersion(crd, resource)
  const before = crd.status?.storedVersions ?? []
  const summary = { crdName, storageVersion, storedVersionsBefore: before }
  if (before.length === 1 && before[0] === storageVersion) {
    return { ...summary, storedVersionsAfter: before, alreadyMigrated: true }
  }
  await checkPermissions(client, crd, options.dryRun)
  const failed = (await checkWebhookThroughApiServer(client, resource, crd)).filter(
    (check) => check.outcome === 'failed'
  )
  if (failed.length > 0) {
    const reasons = failed.map((check) => `${check.version}: ${check.message ?? 'failed'}`)
    return {
      ...summary,
      storedVersionsAfter: before,
      alreadyMigrated: false,
      blocked: `the webhook does not convert through the API server (${reasons.join('; ')}): fix or redeploy it first (crdconv status shows the check); nothing was written`,
    }
  }
  const at: ObjectsAt = {
    group: crd.spec.group,
    version: storageVersion,
    plural: crd.spec.names.plural,
    namespaced: crd.spec.scope === 'Namespaced',
  }
  if (!options.dryRun) await settleAfterCrdChange(crd)
  const counts = await rewriteAllObjects(client, at, options)
  let after = before
  if (!options.dryRun && counts.failures.length === 0) {
    await setStoredVersions(client, crdName, [storageVersion])
    after = [storageVersion]
  }
  return { ...summary, storedVersionsAfter: after, alreadyMigrated: false, counts }
}

const SETTLE_MS = 5_000

/**
 * Each API server applies a CRD's new storage version from its own watch, a moment after the
 * change: a rewrite in that moment would store the old version again, and storedVersions would
 * then lie. Waits until the CRD's last change (its managedFields' times) is `SETTLE_MS` old.
 */
async function settleAfterCrdChange(crd: LiveCustomResourceDefinition): Promise<void> {
  const times = (crd.metadata.managedFields ?? [])
    .map((field) => Date.parse(field.time ?? ''))
    .filter(Number.isFinite)
  if (times.length === 0) return
  const wait = Math.min(Math.max(...times) + SETTLE_MS - Date.now(), SETTLE_MS)
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
}

function checkStorageVersion(crd: LiveCustomResourceDefinition, resource: Resource): string {
  const live = liveStorageVersion(crd)
  if (live !== resource.storageVersion) {
    throw new ClusterError(
      `${crd.metadata.name}: the live CRD stores ${live ?? 'no version'} but the scheme's storage version is ${resource.storageVersion}: ` +
        `apply the CRD from crdconv crd first (it marks ${resource.storageVersion} as storage), then migrate`
    )
  }
  return live
}

async function checkPermissions(
  client: ClusterClient,
  crd: LiveCustomResourceDefinition,
  dryRun: boolean
): Promise<void> {
  const { group, names } = crd.spec
  const wanted = [
    { verb: 'list', group, resource: names.plural },
    ...(dryRun
      ? []
      : [
          { verb: 'update', group, resource: names.plural },
          {
            verb: 'update',
            group: 'apiextensions.k8s.io',
            resource: 'customresourcedefinitions',
            subresource: 'status',
          },
        ]),
  ]
  const forbidden = await forbiddenVerbs(client, wanted)
  if (forbidden.length > 0) {
    const them = forbidden.length === 1 ? 'it' : 'them'
    const fix =
      client.serviceAccount === undefined
        ? `grant ${them} (a ClusterRole bound to your user), or use a --context that has ${them}`
        : `grant ${them} (a ClusterRole bound to that service account)`
    throw new ClusterError(
      `RBAC forbids ${forbidden.join(' and ')} for ${actingAs(client)}: ${fix}; nothing was written`
    )
  }
}
