import type { Resource } from '@crdconv/webhook/scheme'
import {
  type ClusterClient,
  objectsAt,
  type LiveCustomResourceDefinition,
} from '../cluster-client/index.ts'
import { followMigration, type FollowEnd } from './follow-migration.ts'
import {
  createMigration,
  listMigrations,
  migrationManifest,
  STORAGE_MIGRATION_GROUP,
  type ServerSideSupport,
} from './migration-api.ts'
import {
  startMigration,
  requirePermissions,
  settleAfterCrdChange,
  UPDATE_CRD_STATUS,
  webhookBlock,
  type Permission,
} from './migration-preflight.ts'
import {
  failureMessage,
  migrationLabel,
  migrationState,
  needsDiagnosis,
  type MigrationState,
  type ServerSideResult,
} from './migration-status.ts'
import { pruneAfterSuccess, readableObjects, restoreAfterFailure } from './server-side-finish.ts'
import type { RewriteOptions } from './rewrite-objects.ts'
import type { MigrationSummary } from './migration-summary.ts'
import { moveOwnership } from './storage-migration.ts'

export interface ServerSideOptions {
  /** Create the migration with `dryRun: All` (admitted, not stored) and count the objects. */
  readonly dryRun: boolean
  /** Objects per list page: every object is read once before the migration is created. */
  readonly pageSize: number
  /** How long to follow the migration before leaving it to run on; default one hour. */
  readonly timeoutMs?: number
  /** How long a controller may take to pick the migration up; default 2 minutes. */
  readonly startTimeoutMs?: number
  /** How long the migrator may take to finish with the CRD after the migration; default 1 minute. */
  readonly cleanupTimeoutMs?: number
  /** Between two reads of the migration when it cannot be watched; default 1 s. */
  readonly pollMs?: number
  readonly onProgress?: (migration: string, state: MigrationState) => void
}

/**
 * Storage migration of one resource by the API server's own migrator (`StorageVersionMigration`
 * of `api`, as `detectStorageMigration` found it), with the checks of `migrateStorage` first: the
 * live storage version is the scheme's, RBAC allows what follows, the webhook converts through
 * the API server, and every object can be read at the storage version (the migrator could not
 * rewrite one that cannot). Creates the migration (or follows one of the resource already under
 * way) and follows it to its end; then `status.storedVersions` says the truth: the storage
 * version alone after a success (pruned by the cluster's migrator, else by crdconv), every
 * version of before after a failure. A `ClusterError` (exit 2) means nothing was written.
 *
 * @example
 * ```ts
 * const api = await detectStorageMigration(client)
 * if (api.serverSide) await migrateServerSide(client, cronTab, api, { dryRun: false, pageSize: 500 })
 * ```
 */
export async function migrateServerSide(
  client: ClusterClient,
  resource: Resource,
  api: ServerSideSupport,
  options: ServerSideOptions
): Promise<MigrationSummary> {
  const { crd, summary } = await startMigration(client, resource)
  if (summary.alreadyMigrated) {
    return {
      ...summary,
      ownership: await moveOwnership(client, resource, crd, ownershipOptions(options)),
    }
  }
  const { crdName, storageVersion, storedVersionsBefore: before } = summary
  await requirePermissions(client, permissions(crd, options.dryRun))
  // found first: one that ends during the checks below is followed to its end all the same
  const underWay = options.dryRun ? undefined : await migrationUnderWay(client, api, crd)
  const at = objectsAt(crd, storageVersion)
  const blocked = await webhookBlock(client, resource, crd)
  if (blocked !== undefined) return { ...summary, storedVersionsAfter: before, blocked }
  const counted = await readableObjects(client, at, options.pageSize)
  if (typeof counted !== 'number') {
    return {
      ...summary,
      storedVersionsAfter: before,
      blocked: {
        code: 'objects-unreadable',
        message:
          `the objects cannot all be read at ${storageVersion} through the API server, so its migrator could not rewrite them: ${counted.failure}: ` +
          'fix the webhook for the object it names (or that object) first; nothing was written',
      },
    }
  }
  const manifest = migrationManifest(api, crd, storageVersion)
  if (options.dryRun) {
    await createMigration(client, api, manifest, true)
    const serverSide: ServerSideResult = {
      migration: `${(manifest['metadata'] as { generateName: string }).generateName}…`,
      groupVersion: api.groupVersion,
      followed: false,
      outcome: 'dry-run',
      objects: counted,
    }
    return { ...summary, storedVersionsAfter: before, serverSide }
  }

  if (underWay === undefined) await settleAfterCrdChange(crd)
  const name = underWay ?? (await createMigration(client, api, manifest, false))
  const label = migrationLabel(name, api.groupVersion, crdName)
  const report = options.onProgress
  const ended = await followMigration(client, api, name, label, {
    timeoutMs: options.timeoutMs ?? 3_600_000,
    startTimeoutMs: options.startTimeoutMs ?? 120_000,
    pollMs: options.pollMs ?? 1_000,
    // until the controller says how many objects it rewrites, the count read before stands in
    onProgress: (migration, state) =>
      report?.(migration, state.total === undefined ? { ...state, total: counted } : state),
  })
  const followed = {
    migration: name,
    groupVersion: api.groupVersion,
    followed: underWay !== undefined,
    objects: counted,
  }
  const serverSide = await conclude(client, crd, storageVersion, before, label, ended, options)
  // the API server's migrator rewrites the data, never the managedFields: crdconv moves those
  const migrated = serverSide.result.outcome === 'succeeded'
  return {
    ...summary,
    storedVersionsAfter: serverSide.storedVersions,
    serverSide: { ...followed, ...serverSide.result },
    ...(migrated
      ? { ownership: await moveOwnership(client, resource, crd, ownershipOptions(options)) }
      : {}),
  }
}

function ownershipOptions(options: ServerSideOptions): RewriteOptions {
  return { concurrency: 8, pageSize: options.pageSize, dryRun: options.dryRun }
}

type Conclusion = Omit<ServerSideResult, 'migration' | 'groupVersion' | 'followed' | 'objects'>

/** After the migration: storedVersions pruned on success, put back on failure, untouched otherwise. */
async function conclude(
  client: ClusterClient,
  crd: LiveCustomResourceDefinition,
  storageVersion: string,
  before: readonly string[],
  label: string,
  ended: FollowEnd,
  options: ServerSideOptions
): Promise<{ storedVersions: readonly string[]; result: Conclusion }> {
  const crdName = crd.metadata.name
  const finish = {
    cleanupTimeoutMs: options.cleanupTimeoutMs ?? 60_000,
    pollMs: options.pollMs ?? 1_000,
  }
  const { state } = ended
  const seen = state === undefined ? {} : { state }
  if (ended.problem !== undefined || state === undefined) {
    const problem = ended.problem ?? `${label} ended without a verdict`
    return { storedVersions: before, result: { outcome: 'timed-out', ...seen, problem } }
  }
  if (state.phase === 'succeeded') {
    const generation = crd.metadata.generation
    const pruned = await pruneAfterSuccess(client, crdName, storageVersion, generation, finish)
    const result: Conclusion = {
      outcome: 'succeeded',
      state,
      ...(pruned.prunedBy === undefined ? {} : { prunedBy: pruned.prunedBy }),
      ...(pruned.problem === undefined ? {} : { problem: pruned.problem }),
    }
    return { storedVersions: pruned.storedVersions, result }
  }
  const restored = await restoreAfterFailure(client, crdName, before, finish)
  let diagnosis: string | undefined
  if (needsDiagnosis(state)) {
    const read = await readableObjects(client, objectsAt(crd, storageVersion), options.pageSize)
    if (typeof read !== 'number') diagnosis = read.failure
  }
  const problem = [failureMessage(label, state, diagnosis), restored.problem]
    .filter((part) => part !== undefined)
    .join('; ')
  return {
    storedVersions: restored.storedVersions,
    result: { outcome: 'failed', state, restored: restored.restored, problem },
  }
}

function permissions(crd: LiveCustomResourceDefinition, dryRun: boolean): Permission[] {
  const migrations = { group: STORAGE_MIGRATION_GROUP, resource: 'storageversionmigrations' }
  const listObjects = { verb: 'list', group: crd.spec.group, resource: crd.spec.names.plural }
  if (dryRun) return [listObjects, { verb: 'create', ...migrations }]
  return [
    listObjects,
    ...['create', 'get', 'list', 'watch'].map((verb) => ({ verb, ...migrations })),
    UPDATE_CRD_STATUS,
  ]
}

/** A migration of the CRD's resource that has not ended (an earlier run stopped, or another tool's). */
async function migrationUnderWay(
  client: ClusterClient,
  api: ServerSideSupport,
  crd: LiveCustomResourceDefinition
): Promise<string | undefined> {
  const mine = (await listMigrations(client, api)).filter(
    (migration) =>
      migration.spec?.resource?.group === crd.spec.group &&
      migration.spec.resource.resource === crd.spec.names.plural &&
      !['succeeded', 'failed'].includes(migrationState(migration).phase)
  )
  mine.sort((left, right) =>
    (left.metadata.creationTimestamp ?? '').localeCompare(right.metadata.creationTimestamp ?? '')
  )
  return mine[0]?.metadata.name
}
