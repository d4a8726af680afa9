import type { Command } from 'commander'
import { droppedVersionProblems } from '../lifecycle/index.ts'
import type { Resource } from '@crdconv/webhook/scheme'
import { ClusterError, type ClusterClient } from '../cluster-client/index.ts'
import { UsageError, warn, type CliIo } from '../command-io/index.ts'
import { asUsageErrors, connectWith, namesCluster, type ClusterOptions } from './cluster-options.ts'

/**
 * The guard's options: the cluster to read (`--kubeconfig`, `--context`, else `KUBECONFIG` and
 * the current context), `--stored-versions` given by hand, or `--offline` to read no cluster.
 */
export interface StoredVersionsOptions extends ClusterOptions {
  storedVersions?: string[]
  offline?: boolean
}

export function addStoredVersionsOption(command: Command): Command {
  return command
    .option(
      '--stored-versions <list>',
      "the CRD's status.storedVersions, comma-separated: refuse to drop one of them (wins over the cluster's)",
      (value: string) =>
        value
          .split(',')
          .map((version) => version.trim())
          .filter(Boolean)
    )
    .option(
      '--kubeconfig <file>',
      "read status.storedVersions and the objects' managedFields from this cluster (default: KUBECONFIG, then ~/.kube/config)"
    )
    .option(
      '--context <name>',
      "kubeconfig context to read status.storedVersions and the objects' managedFields from (default: its current-context)"
    )
    .option(
      '--offline',
      'read no cluster: check only --stored-versions, if given (says so on stderr)'
    )
}

/**
 * Refuses (a usage error, exit 2, nothing printed) a CRD of `resources` that drops a version the
 * API server still lists in `status.storedVersions`, or one an object's managedFields still name
 * (`droppedVersionProblems`). The cluster is read the way kubectl finds it (`--kubeconfig`,
 * `--context`, else `KUBECONFIG`, `~/.kube/config`, the pod's service account) unless `--offline`;
 * a cluster that is configured but cannot be read is an error. When no cluster was read (none
 * configured, or `--offline`) it says so in one line on stderr and checks `--stored-versions` alone.
 *
 * @example
 * ```ts
 * await refuseDroppedStoredVersions(resources, { context: 'prod' }, io) // throws a UsageError
 * ```
 */
export async function refuseDroppedStoredVersions(
  resources: readonly Resource[],
  options: StoredVersionsOptions,
  io: CliIo
): Promise<void> {
  const client = await guardCluster(options, io)
  const problems = await asUsageErrors(() =>
    droppedVersionProblems(resources, { storedVersions: options.storedVersions, client }).catch(
      (error: unknown) => {
        throw withOfflineHint(options, error)
      }
    )
  )
  if (problems.length > 0) {
    throw new UsageError(
      'stored-versions-dropped',
      `no CRD printed:\n  - ${problems.join('\n  - ')}`
    )
  }
}

/** The cluster the guard reads, or undefined (said on stderr) when it reads none. */
async function guardCluster(
  options: StoredVersionsOptions,
  io: CliIo
): Promise<ClusterClient | undefined> {
  const checked =
    options.storedVersions === undefined
      ? 'status.storedVersions and managedFields were not read'
      : `only --stored-versions ${options.storedVersions.join(',')} was checked, managedFields were not read`
  if (options.offline === true) {
    if (namesCluster(options)) {
      throw new UsageError(
        'options-conflict',
        '--offline reads no cluster: drop it, or drop --kubeconfig and --context'
      )
    }
    warn(io, `no cluster checked (--offline): ${checked}`)
    return undefined
  }
  if (namesCluster(options)) return connectWith(options)
  const { connectToCluster } = await import('../cluster-client/connect-to-cluster.ts')
  try {
    return connectToCluster()
  } catch (error) {
    if (!(error instanceof ClusterError) || error.code !== 'kubeconfig-missing') {
      return asUsageErrors(() => {
        throw withOfflineHint(options, error)
      })
    }
    warn(io, `no cluster checked, so ${checked}: ${error.message}`)
    return undefined
  }
}

/**
 * `error`, a `ClusterError` of a cluster that was found but not named (`KUBECONFIG`,
 * `~/.kube/config`), saying why it was read and that `--offline` skips it: the user may not know.
 */
function withOfflineHint(options: StoredVersionsOptions, error: unknown): unknown {
  if (!(error instanceof ClusterError) || namesCluster(options)) return error
  return new ClusterError(
    error.code,
    `${error.message} (a CRD is printed only after its status.storedVersions and managedFields are read from the current context; --offline skips that check)`
  )
}
