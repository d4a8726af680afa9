import { existsSync } from 'node:fs'
import { homedir } from 'node:os'
import { delimiter, join } from 'node:path'
import { Agent as HttpsAgent } from 'node:https'
import {
  ApisApi,
  AuthorizationV1Api,
  createConfiguration,
  CustomObjectsApi,
  KubeConfig,
  ServerConfiguration,
  Watch,
  type ApiConstructor,
  type ApiType,
  type RequestContext,
} from '@kubernetes/client-node'
import {
  ClusterError,
  type ClusterTarget,
  type ServiceAccountCredentials,
} from './cluster-error.ts'
import { loadInClusterConfig, runsInPod } from './in-cluster-config.ts'

export interface ConnectOptions {
  /** A kubeconfig file; default `KUBECONFIG`, then `~/.kube/config`, then in-cluster config. */
  readonly kubeconfig?: string
  /** A context of that kubeconfig; default its `current-context`. */
  readonly context?: string
  /**
   * Advanced, for tests: a folder the in-cluster service account is read under, as
   * client-node's `loadFromCluster(pathPrefix)`: `PREFIX/var/run/secrets/kubernetes.io/serviceaccount/`
   * `token`, `ca.crt` and `namespace`. Default `''`, the path the kubelet mounts in a pod.
   */
  readonly inClusterPathPrefix?: string
}

/** A connection to one cluster: its API clients and where it points, for messages. */
export interface ClusterClient extends ClusterTarget {
  /** Where the configuration came from, for messages: `KUBECONFIG=…`, `--kubeconfig …`, a file. */
  readonly source: string
  readonly kubeConfig: KubeConfig
  /** Reads and writes any resource as plain JSON (CRDs and custom objects alike). */
  readonly objects: CustomObjectsApi
  readonly authorization: AuthorizationV1Api
  /** Discovery of the API groups the cluster serves (`GET /apis`). */
  readonly apis: ApisApi
  /** Watches (`?watch=true`) with the kubeconfig's credentials. */
  readonly watch: Watch
}

/**
 * Loads the kubeconfig the way kubectl does (`--kubeconfig`, else `KUBECONFIG`, else
 * `~/.kube/config`, else the pod's service account) and selects `context`. Throws a
 * `ClusterError` that names the file or context and the fix; it sends no request yet.
 *
 * @example
 * ```ts
 * const client = connectToCluster({ context: 'kind-dev' })
 * const crd = await readCustomResourceDefinition(client, 'crontabs.example.com')
 * ```
 */
export function connectToCluster(options: ConnectOptions = {}): ClusterClient {
  const kubeConfig = new KubeConfig()
  const { source, serviceAccount } = loadKubeconfig(kubeConfig, options)
  if (options.context !== undefined) {
    if (kubeConfig.getContextObject(options.context) === null) {
      const known = kubeConfig.getContexts().map((context) => context.name)
      throw new ClusterError(
        'context-not-found',
        `context "${options.context}" is not in ${source}; it has ${known.join(', ') || 'no context'} (kubectl config get-contexts)`
      )
    }
    kubeConfig.setCurrentContext(options.context)
  }
  const cluster = kubeConfig.getCurrentCluster()
  if (cluster === null) {
    throw new ClusterError(
      'no-current-context',
      `${source} has no current context: pass --context, or run kubectl config use-context NAME`
    )
  }
  const authentication = sharedAgentAuthentication(kubeConfig)
  const makeApiClient = <T extends ApiType>(api: ApiConstructor<T>) =>
    new api(
      createConfiguration({
        baseServer: new ServerConfiguration(cluster.server, {}),
        authMethods: { default: authentication },
      })
    )
  return {
    source,
    kubeConfig,
    server: cluster.server,
    contextName: kubeConfig.getCurrentContext(),
    ...(serviceAccount === undefined ? {} : { serviceAccount }),
    objects: makeApiClient(CustomObjectsApi),
    authorization: makeApiClient(AuthorizationV1Api),
    apis: makeApiClient(ApisApi),
    watch: new Watch(kubeConfig),
  }
}

/**
 * The kubeconfig's own authentication (headers, exec plugins, TLS options: all the library's),
 * but one keep-alive HTTPS agent for every request. @kubernetes/client-node 1.x makes a new agent
 * per request, so each of a migration's thousands of writes paid a TLS handshake and left a
 * socket behind: memory grew with the object count and the rate fell.
 */
function sharedAgentAuthentication(kubeConfig: KubeConfig) {
  let shared: HttpsAgent | undefined
  return {
    getName: () => 'kubeconfig authentication over one keep-alive agent',
    applySecurityAuthentication: async (context: RequestContext) => {
      await kubeConfig.applySecurityAuthentication(context)
      const agent = context.getAgent()
      // proxy agents (socks, http proxies) stay as the library made them
      if (agent?.constructor !== HttpsAgent) return
      shared ??= new HttpsAgent({ ...(agent as HttpsAgent).options, keepAlive: true })
      context.setAgent(shared)
    },
  }
}

/**
 * Loads the first kubeconfig that exists, else the pod's service account; answers a description
 * for messages and, in a pod, the service account.
 */
function loadKubeconfig(
  kubeConfig: KubeConfig,
  options: ConnectOptions
): { source: string; serviceAccount?: ServiceAccountCredentials } {
  const file = options.kubeconfig
  const load = (path: string, description: string) => {
    try {
      kubeConfig.loadFromFile(path)
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      throw new ClusterError(
        'kubeconfig-unreadable',
        `${description} is not a kubeconfig kubectl could read: ${reason}`
      )
    }
    return { source: description }
  }
  if (file !== undefined) {
    if (!existsSync(file))
      throw new ClusterError('kubeconfig-missing', `--kubeconfig ${file}: no such file`)
    return load(file, `--kubeconfig ${file}`)
  }
  const fromEnvironment = process.env['KUBECONFIG']
  if (fromEnvironment !== undefined && fromEnvironment !== '') {
    const files = fromEnvironment.split(delimiter).filter(Boolean)
    if (!files.some((path) => existsSync(path))) {
      throw new ClusterError(
        'kubeconfig-missing',
        `KUBECONFIG=${fromEnvironment} names no file that exists`
      )
    }
    kubeConfig.loadFromDefault()
    return { source: `KUBECONFIG=${fromEnvironment}` }
  }
  const home = join(homedir(), '.kube', 'config')
  if (existsSync(home)) return load(home, home)
  if (runsInPod()) {
    const serviceAccount = loadInClusterConfig(kubeConfig, options.inClusterPathPrefix)
    return { source: 'the in-cluster service account', serviceAccount }
  }
  throw new ClusterError(
    'kubeconfig-missing',
    `no kubeconfig: pass --kubeconfig FILE, set KUBECONFIG, or create ${home} (kubectl config)`
  )
}
