// The one read `crdconv import --from-cluster` needs, on the cluster client the lifecycle
// commands use (kubeconfig loading, in-cluster config, error messages: connect-to-cluster.ts).
import { ClusterError } from './cluster-error.ts'
import { connectToCluster, type ConnectOptions } from './connect-to-cluster.ts'
import { readCustomResourceDefinition } from './live-crd.ts'

export type ClusterReadOptions = ConnectOptions

/** Why the CRD could not be read: names the context, the server and the fix. */
export { ClusterError as ClusterReadError }

/**
 * The CustomResourceDefinition `name` (`plural.group`) as the API server returns it, plain JSON
 * with every `x-kubernetes-*` key, read through the kubeconfig the way kubectl reads it.
 *
 * @example
 * ```ts
 * const crd = await readCrdFromCluster('certificates.cert-manager.io', { context: 'kind-dev' })
 * ```
 */
export async function readCrdFromCluster(
  name: string,
  options: ClusterReadOptions = {}
): Promise<unknown> {
  const client = connectToCluster(options)
  const crd = await readCustomResourceDefinition(client, name)
  if (crd === undefined) {
    throw new ClusterError(
      'crd-not-installed',
      `no CustomResourceDefinition ${name} in context "${client.contextName}" (${client.server}) (kubectl get crd lists them)`
    )
  }
  return crd
}
