import { resolve } from 'node:path'
import type { Command } from 'commander'
import { readInput, UsageError, type CliIo } from '../command-io/index.ts'

/** Where a command reads CRDs from: a file (`-` for stdin), or a live cluster. */
export interface CrdSourceOptions {
  fromCluster?: string
  context?: string
  kubeconfig?: string
}

/** `--from-cluster`, `--context` and `--kubeconfig`, as `import` and `diff` read a live CRD. */
export function addCrdSourceOptions(command: Command): Command {
  return command
    .option('--from-cluster <crd-name>', 'read the live CRD (plural.group) through the kubeconfig')
    .option('--context <name>', 'kubeconfig context for --from-cluster (default: current)')
    .option(
      '--kubeconfig <file>',
      'kubeconfig for --from-cluster (default: KUBECONFIG, ~/.kube/config)'
    )
}

/**
 * The text of `file`, or the live CRD `--from-cluster` names as JSON; both at once, or neither,
 * is a usage error, as is a CRD the cluster cannot give (named, with the context).
 */
export async function readCrdSource(
  io: CliIo,
  file: string | undefined,
  options: CrdSourceOptions
): Promise<string> {
  if (options.fromCluster === undefined) {
    if (file === undefined) {
      throw new UsageError(
        'argument-missing',
        'give a CRD file (or - for stdin), or --from-cluster'
      )
    }
    return readInput(io, file)
  }
  if (file !== undefined)
    throw new UsageError('options-conflict', `give either ${file} or --from-cluster, not both`)
  const { ClusterReadError, readCrdFromCluster } =
    await import('../cluster-client/read-crd-from-cluster.ts')
  try {
    const crd = await readCrdFromCluster(options.fromCluster, {
      ...(options.context === undefined ? {} : { context: options.context }),
      ...(options.kubeconfig === undefined
        ? {}
        : { kubeconfig: resolve(io.cwd, options.kubeconfig) }),
    })
    return JSON.stringify(crd)
  } catch (error) {
    if (error instanceof ClusterReadError) throw new UsageError(error.code, error.message)
    throw error
  }
}
