import type { Command } from 'commander'
import { tallyObjects } from '../lifecycle/index.ts'
import { readCustomResourceDefinition } from '../cluster-client/index.ts'
import type { Resource } from '@crdconv/webhook/scheme'
import { UsageError } from './cli-io.ts'
import { asUsageErrors, connectWith, type ClusterOptions } from './cluster-options.ts'

/** `--stored-versions` offline, or `--kubeconfig`/`--context` to read them from the cluster. */
export interface StoredVersionsOptions extends ClusterOptions {
  storedVersions?: string[]
}

export function addStoredVersionsOption(command: Command): Command {
  return command
    .option(
      '--stored-versions <list>',
      "the CRD's status.storedVersions, comma-separated (offline guard): refuse to drop one of them",
      (value: string) =>
        value
          .split(',')
          .map((version) => version.trim())
          .filter(Boolean)
    )
    .option(
      '--kubeconfig <file>',
      "read status.storedVersions and the objects' managedFields from this cluster (guard)"
    )
    .option(
      '--context <name>',
      "kubeconfig context to read status.storedVersions and the objects' managedFields from (guard)"
    )
}

/**
 * Refuses (a usage error, exit 2) a CRD of `resources` that drops a version the API server
 * still lists in `status.storedVersions`: it would reject the CRD, and objects stored at that
 * version would become unreadable. The versions come from `--stored-versions`, or from the
 * cluster when `--kubeconfig` or `--context` is given; otherwise nothing is checked. Read from
 * the cluster, a version still named in an object's managedFields is refused too: every
 * server-side apply to that object would fail once the version is gone.
 */
export async function refuseDroppedStoredVersions(
  resources: readonly Resource[],
  options: StoredVersionsOptions
): Promise<void> {
  const live = options.context !== undefined || options.kubeconfig !== undefined
  if (options.storedVersions === undefined && !live) return
  const client = live ? await connectWith(options) : undefined
  const problems: string[] = []
  for (const resource of resources) {
    const name = resource.identity.crdName
    const crd =
      client === undefined
        ? undefined
        : await asUsageErrors(() => readCustomResourceDefinition(client, name))
    const stored = options.storedVersions ?? crd?.status?.storedVersions ?? []
    const dropped = stored.filter((version) => !resource.versionNames.includes(version))
    if (dropped.length > 0) {
      problems.push(
        `${name}: ${dropped.join(', ')} ${dropped.length === 1 ? 'is' : 'are'} still in status.storedVersions ` +
          `[${stored.join(', ')}] but not in the scheme: keep ${dropped.length === 1 ? 'it' : 'them'} in the scheme and run ` +
          `crdconv migrate first (it rewrites every object at ${resource.storageVersion} and prunes storedVersions)`
      )
    }
    if (client !== undefined && crd !== undefined && dropped.length === 0) {
      const tally = await asUsageErrors(() => tallyObjects(client, crd))
      const owned = typeof tally === 'string' ? [] : [...tally.ownership]
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
  if (problems.length > 0) {
    throw new UsageError(
      'stored-versions-dropped',
      `no CRD printed:\n  - ${problems.join('\n  - ')}`
    )
  }
}
