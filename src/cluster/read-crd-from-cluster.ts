// The one read `crdconv import --from-cluster` needs. The lifecycle work builds the full cluster
// client (connectToCluster, readCustomResourceDefinition) in this folder; when it lands, this
// file folds into it.
import { ApiException, CustomObjectsApi, KubeConfig } from '@kubernetes/client-node'

export interface ClusterReadOptions {
  /** A kubeconfig file; default `KUBECONFIG`, then `~/.kube/config`, as kubectl does. */
  readonly kubeconfig?: string
  /** A context of that kubeconfig; default its `current-context`. */
  readonly context?: string
}

/** Why the CRD could not be read: names the context, the server and the fix. */
export class ClusterReadError extends Error {
  override readonly name = 'ClusterReadError'
}

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
  const kubeConfig = new KubeConfig()
  try {
    if (options.kubeconfig === undefined) kubeConfig.loadFromDefault()
    else kubeConfig.loadFromFile(options.kubeconfig)
  } catch (error) {
    throw new ClusterReadError(`the kubeconfig cannot be read: ${describe(error)}`)
  }
  if (options.context !== undefined) {
    if (kubeConfig.getContextObject(options.context) === null) {
      const known = kubeConfig.getContexts().map((context) => context.name)
      throw new ClusterReadError(
        `context "${options.context}" is not in the kubeconfig; it has ${known.join(', ') || 'none'}`
      )
    }
    kubeConfig.setCurrentContext(options.context)
  }
  const server = kubeConfig.getCurrentCluster()?.server
  if (server === undefined) {
    throw new ClusterReadError('the kubeconfig has no current context: pass --context')
  }
  const where = `context "${kubeConfig.getCurrentContext()}" (${server})`
  try {
    return await kubeConfig.makeApiClient(CustomObjectsApi).getClusterCustomObject({
      group: 'apiextensions.k8s.io',
      version: 'v1',
      plural: 'customresourcedefinitions',
      name,
    })
  } catch (error) {
    if (error instanceof ApiException && error.code === 404) {
      throw new ClusterReadError(
        `no CustomResourceDefinition ${name} in ${where} (kubectl get crd lists them)`
      )
    }
    if (error instanceof ApiException && (error.code === 401 || error.code === 403)) {
      throw new ClusterReadError(
        `${where} does not let this user get customresourcedefinitions (HTTP ${error.code})`
      )
    }
    throw new ClusterReadError(`cannot read ${name} from ${where}: ${describe(error)}`)
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
