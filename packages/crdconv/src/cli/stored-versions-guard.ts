import type { Command } from 'commander'
import { droppedVersionProblems } from '../lifecycle/index.ts'
import type { Resource } from '@crdconv/webhook/scheme'
import { UsageError } from '../command-io/index.ts'
import { asUsageErrors, connectWith, namesCluster, type ClusterOptions } from './cluster-options.ts'

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
 * still lists in `status.storedVersions`, or, read from the cluster, one an object's managedFields
 * still name (`droppedVersionProblems`). The versions come from `--stored-versions`, or from the
 * cluster when `--kubeconfig` or `--context` is given; otherwise nothing is checked.
 */
export async function refuseDroppedStoredVersions(
  resources: readonly Resource[],
  options: StoredVersionsOptions
): Promise<void> {
  const live = namesCluster(options)
  if (options.storedVersions === undefined && !live) return
  const client = live ? await connectWith(options) : undefined
  const problems = await asUsageErrors(() =>
    droppedVersionProblems(resources, { storedVersions: options.storedVersions, client })
  )
  if (problems.length > 0) {
    throw new UsageError(
      'stored-versions-dropped',
      `no CRD printed:\n  - ${problems.join('\n  - ')}`
    )
  }
}
