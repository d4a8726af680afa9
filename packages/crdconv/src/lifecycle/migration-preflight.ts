import type { Resource } from '@crdconv/webhook/scheme'
import {
  actingAs,
  ClusterError,
  type ClusterClient,
  forbiddenVerbs,
  liveStorageVersion,
  requireCustomResourceDefinition,
  type LiveCustomResourceDefinition,
} from '../cluster-client/index.ts'
import type { MigrationBlock, MigrationPreflightCode } from './migration-block.ts'
import type { MigrationSummary } from './migration-summary.ts'
import { checkWebhookThroughApiServer } from '../webhook-health/index.ts'

/** A verb on a resource, as a SelfSubjectAccessReview asks about it. */
export interface Permission {
  readonly verb: string
  readonly group: string
  readonly resource: string
  readonly subresource?: string
}

/** Setting `status.storedVersions`: pruning them, or putting back what a failed migration dropped. */
export const UPDATE_CRD_STATUS: Permission = {
  verb: 'update',
  group: 'apiextensions.k8s.io',
  resource: 'customresourcedefinitions',
  subresource: 'status',
}

/**
 * The live storage version, which must be the scheme's: otherwise a migration would store every
 * object at a version the scheme is leaving. A `ClusterError` names both and the fix.
 */
export function checkStorageVersion(crd: LiveCustomResourceDefinition, resource: Resource): string {
  const live = liveStorageVersion(crd)
  if (live !== resource.storageVersion) {
    throw new ClusterError<MigrationPreflightCode>(
      'storage-version-differs',
      `${crd.metadata.name}: the live CRD stores ${live ?? 'no version'} but the scheme's storage version is ${resource.storageVersion}: ` +
        `apply the CRD from crdconv crd first (it marks ${resource.storageVersion} as storage), then migrate`
    )
  }
  return live
}

/** A `ClusterError` naming every verb of `wanted` that RBAC forbids, with the fix; nothing is written. */
export async function requirePermissions(
  client: ClusterClient,
  wanted: readonly Permission[]
): Promise<void> {
  const forbidden = await forbiddenVerbs(client, wanted)
  if (forbidden.length === 0) return
  const them = forbidden.length === 1 ? 'it' : 'them'
  const fix =
    client.serviceAccount === undefined
      ? `grant ${them} (a ClusterRole bound to your user), or use a --context that has ${them}`
      : `grant ${them} (a ClusterRole bound to that service account)`
  throw new ClusterError<MigrationPreflightCode>(
    'permissions-missing',
    `RBAC forbids ${forbidden.join(' and ')} for ${actingAs(client)}: ${fix}; nothing was written`
  )
}

/**
 * Why the migration must not start, or undefined: the webhook fails to convert an example object
 * through the API server (a server-side dry-run create at each served non-storage version).
 */
export async function webhookBlock(
  client: ClusterClient,
  resource: Resource,
  crd: LiveCustomResourceDefinition
): Promise<MigrationBlock | undefined> {
  const failed = (await checkWebhookThroughApiServer(client, resource, crd)).filter(
    (check) => check.outcome === 'failed'
  )
  if (failed.length === 0) return undefined
  const reasons = failed.map((check) => `${check.version}: ${check.message ?? 'failed'}`)
  return {
    code: 'webhook-fails-through-api-server',
    message: `the webhook does not convert through the API server (${reasons.join('; ')}): fix or redeploy it first (crdconv status shows the check); nothing was written`,
  }
}

const SETTLE_MS = 5_000

/**
 * Each API server applies a CRD's new storage version from its own watch, a moment after the
 * change: a rewrite in that moment would store the old version again, and storedVersions would
 * then lie. Waits until the CRD's last change (its managedFields' times) is `SETTLE_MS` old.
 */
export async function settleAfterCrdChange(crd: LiveCustomResourceDefinition): Promise<void> {
  const times = (crd.metadata.managedFields ?? [])
    .map((field) => Date.parse(field.time ?? ''))
    .filter(Number.isFinite)
  if (times.length === 0) return
  const wait = Math.min(Math.max(...times) + SETTLE_MS - Date.now(), SETTLE_MS)
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
}

/**
 * Where a migration of either path starts: the live CRD of `resource`, its storage version checked
 * against the scheme's, and the summary of a migration with nothing to do (`alreadyMigrated`
 * when `status.storedVersions` already holds the storage version alone).
 */
export async function startMigration(
  client: ClusterClient,
  resource: Resource
): Promise<{ crd: LiveCustomResourceDefinition; summary: MigrationSummary }> {
  const crdName = resource.identity.crdName
  const crd = await requireCustomResourceDefinition(client, crdName)
  const storageVersion = checkStorageVersion(crd, resource)
  const before = crd.status?.storedVersions ?? []
  const alreadyMigrated = before.length === 1 && before[0] === storageVersion
  return {
    crd,
    summary: {
      crdName,
      storageVersion,
      storedVersionsBefore: before,
      storedVersionsAfter: before,
      alreadyMigrated,
    },
  }
}
