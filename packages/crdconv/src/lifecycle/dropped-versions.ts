// Versions a new CRD may not drop: the ones still in status.storedVersions, and, read from the
// cluster, the ones objects' managedFields still name.
import type { Resource } from '@crdconv/webhook/scheme'
import { readCustomResourceDefinition, type ClusterClient } from '../cluster-client/index.ts'
import { tallyObjects } from './lifecycle-status.ts'

/** Where the stored versions come from: given offline, or read from the cluster (or both). */
export interface StoredVersionsSource {
  /** `status.storedVersions` as the user gave it; wins over the live CRD's. */
  readonly storedVersions?: readonly string[] | undefined
  /** The cluster to read `status.storedVersions` and the objects' managedFields from. */
  readonly client?: ClusterClient | undefined
}

/**
 * Why the CRDs of `resources` may not be applied: a version the API server still lists in
 * `status.storedVersions` that the scheme dropped (the API server would reject the CRD, and
 * objects stored at it would become unreadable), and, read from the cluster, a dropped version
 * still named in an object's managedFields (every server-side apply to it would fail). One line
 * per problem, naming the CRD, the versions and the fix; a `ClusterError` is thrown as is.
 *
 * @example
 * ```ts
 * const problems = await droppedVersionProblems(resources, { storedVersions: ['v1beta1', 'v1'] })
 * // ['crontabs.example.com: v1beta1 is still in status.storedVersions [v1beta1, v1] but …']
 * ```
 */
export async function droppedVersionProblems(
  resources: readonly Resource[],
  source: StoredVersionsSource
): Promise<string[]> {
  const { client } = source
  const problems: string[] = []
  for (const resource of resources) {
    const name = resource.identity.crdName
    const crd = client === undefined ? undefined : await readCustomResourceDefinition(client, name)
    const stored = source.storedVersions ?? crd?.status?.storedVersions ?? []
    const dropped = stored.filter((version) => !resource.versionNames.includes(version))
    if (dropped.length > 0) {
      problems.push(
        `${name}: ${dropped.join(', ')} ${dropped.length === 1 ? 'is' : 'are'} still in status.storedVersions ` +
          `[${stored.join(', ')}] but not in the scheme: keep ${dropped.length === 1 ? 'it' : 'them'} in the scheme and run ` +
          `crdconv migrate first (it rewrites every object at ${resource.storageVersion} and prunes storedVersions)`
      )
    }
    if (client !== undefined && crd !== undefined && dropped.length === 0) {
      const tally = await tallyObjects(client, crd)
      if (typeof tally === 'string') {
        problems.push(
          `${name}: its objects could not be listed to check which versions their managedFields name: ${tally}: ` +
            'grant list on them, or pass --offline to print without that check'
        )
        continue
      }
      const owned = [...tally.ownership]
      for (const [version, objects] of owned) {
        if (resource.versionNames.includes(version)) continue
        problems.push(
          `${name}: ${objects} object${objects === 1 ? ' has' : 's have'} managedFields entries at ${version}, which the scheme no longer has: ` +
            `every server-side apply to ${objects === 1 ? 'it' : 'them'} fails once ${version} is removed: ` +
            `run crdconv migrate first (it moves them to ${resource.storageVersion})`
        )
      }
    }
  }
  return problems
}
