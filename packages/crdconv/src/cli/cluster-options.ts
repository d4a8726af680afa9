import type { Command } from 'commander'
import { ClusterError, type ClusterClient } from '../cluster-client/index.ts'
import { UsageError } from '../command-io/index.ts'

/** `--kubeconfig` and `--context`, as kubectl spells them. */
export interface ClusterOptions {
  kubeconfig?: string
  context?: string
}

/** Whether the options name a cluster to talk to: `--kubeconfig` or `--context` is given. */
export function namesCluster(options: ClusterOptions): boolean {
  return options.kubeconfig !== undefined || options.context !== undefined
}

export function addClusterOptions(command: Command): Command {
  return command
    .option(
      '--kubeconfig <file>',
      'kubeconfig file (default: KUBECONFIG, then ~/.kube/config, then in-cluster)'
    )
    .option('--context <name>', 'kubeconfig context (default: its current-context)')
}

/**
 * Connects as the options say; a missing kubeconfig or context is a usage error (exit 2).
 * `@kubernetes/client-node` loads here, on first use, so that the commands that never talk to a
 * cluster start as fast as before it was a dependency.
 */
export async function connectWith(options: ClusterOptions): Promise<ClusterClient> {
  const { connectToCluster } = await import('../cluster-client/connect-to-cluster.ts')
  return asUsageErrors(() =>
    connectToCluster({
      ...(options.kubeconfig === undefined ? {} : { kubeconfig: options.kubeconfig }),
      ...(options.context === undefined ? {} : { context: options.context }),
    })
  )
}

/**
 * Runs `work`, turning a `ClusterError` (unreachable server, CRD not installed, RBAC) into a
 * usage error: exit code 2, nothing was written.
 */
export function asUsageErrors<T>(work: () => T): T {
  try {
    const result = work()
    if (result instanceof Promise) {
      return result.catch((error: unknown) => {
        throw error instanceof ClusterError ? new UsageError(error.code, error.message) : error
      }) as T
    }
    return result
  } catch (error) {
    throw error instanceof ClusterError ? new UsageError(error.code, error.message) : error
  }
}
