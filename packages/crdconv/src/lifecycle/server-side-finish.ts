// After the API server's migrator has finished: who prunes status.storedVersions, and what to
// put back when a failed migration had them pruned anyway.
import {
  apiFailure,
  type ClusterClient,
  countObjects,
  type ObjectsAt,
  liveStorageVersion,
  requireCustomResourceDefinition,
  setStoredVersions,
  type LiveCustomResourceDefinition,
} from '../cluster-client/index.ts'

export interface FinishOptions {
  /** How long to wait for the migrator to finish with the CRD (its `StorageMigrating` condition). */
  readonly cleanupTimeoutMs: number
  readonly pollMs: number
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The CRD once the migrator is done with it. Since 1.37 kube-controller-manager marks a CRD under
 * migration with a `StorageMigrating` condition and, when the migration ends, sets it to False and
 * sets `status.storedVersions` itself; older migrators never touch the CRD.
 */
export async function crdAfterMigrator(
  client: ClusterClient,
  crdName: string,
  options: FinishOptions
): Promise<LiveCustomResourceDefinition> {
  const deadline = Date.now() + options.cleanupTimeoutMs
  for (;;) {
    const crd = await requireCustomResourceDefinition(client, crdName)
    const migrating = crd.status?.conditions?.find(
      (condition) => condition.type === 'StorageMigrating'
    )
    if (migrating?.status !== 'True' || Date.now() >= deadline) return crd
    await sleep(options.pollMs)
  }
}

/**
 * After a migration that succeeded: storedVersions pruned by the cluster's migrator, or by
 * crdconv when it did not, or left alone (with the reason) when the CRD changed meanwhile.
 */
export async function pruneAfterSuccess(
  client: ClusterClient,
  crdName: string,
  storageVersion: string,
  generationAtStart: number | undefined,
  options: FinishOptions
): Promise<{
  storedVersions: readonly string[]
  prunedBy?: 'cluster' | 'crdconv'
  problem?: string
}> {
  const crd = await crdAfterMigrator(client, crdName, options)
  const stored = crd.status?.storedVersions ?? []
  if (stored.length === 1 && stored[0] === storageVersion) {
    return { storedVersions: stored, prunedBy: 'cluster' }
  }
  const live = liveStorageVersion(crd)
  const generation = crd.metadata.generation
  if (live !== storageVersion || generation !== generationAtStart) {
    const change =
      live === storageVersion
        ? `its spec changed (generation ${generationAtStart ?? '?'} -> ${generation ?? '?'})`
        : `its storage version is now ${live ?? 'none'}`
    return {
      storedVersions: stored,
      problem: `${crdName} changed while the migration ran: ${change}; storedVersions left at [${stored.join(', ')}]: run crdconv migrate --server-side again`,
    }
  }
  await setStoredVersions(client, crdName, [storageVersion])
  return { storedVersions: [storageVersion], prunedBy: 'crdconv' }
}

/**
 * After a migration that failed, storedVersions must still name every version objects may be
 * stored at. kube-controller-manager 1.37 prunes them when a migration fails as well: whatever it
 * dropped of `before` is put back, in its place.
 */
export async function restoreAfterFailure(
  client: ClusterClient,
  crdName: string,
  before: readonly string[],
  options: FinishOptions
): Promise<{ storedVersions: readonly string[]; restored: readonly string[]; problem?: string }> {
  const crd = await crdAfterMigrator(client, crdName, options)
  const stored = crd.status?.storedVersions ?? []
  const dropped = before.filter((version) => !stored.includes(version))
  if (dropped.length === 0) return { storedVersions: stored, restored: [] }
  const wanted = [...before, ...stored.filter((version) => !before.includes(version))]
  try {
    await setStoredVersions(client, crdName, wanted)
    return { storedVersions: wanted, restored: dropped }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    return {
      storedVersions: stored,
      restored: [],
      problem:
        `the cluster's migrator dropped ${dropped.join(', ')} from status.storedVersions although objects may still be stored at ${dropped.length === 1 ? 'it' : 'them'}, ` +
        `and crdconv could not put ${dropped.length === 1 ? 'it' : 'them'} back (${reason}): set them back to [${wanted.join(', ')}] through the CRD's status before removing any version`,
    }
  }
}

/**
 * Lists the objects the way the migrator does: their number, or the API server's refusal (the
 * conversion webhook's message naming the object it failed on).
 */
export async function readableObjects(
  client: ClusterClient,
  at: ObjectsAt,
  pageSize: number
): Promise<number | { failure: string }> {
  try {
    return await countObjects(client, at, pageSize)
  } catch (error) {
    const failure = apiFailure(error)?.message
    if (failure === undefined) throw error
    return { failure }
  }
}
