// In-cluster config: a pod's service account, loaded by @kubernetes/client-node's own
// `loadFromCluster` (no kubeconfig or TLS code here), with refusals that say what is missing.
import { existsSync, readFileSync } from 'node:fs'
import type { KubeConfig } from '@kubernetes/client-node'
import { ClusterError, type ServiceAccountCredentials } from './cluster-error.ts'

/** Where the kubelet mounts a pod's service account: `token`, `ca.crt` and `namespace`. */
export const SERVICE_ACCOUNT_DIRECTORY = '/var/run/secrets/kubernetes.io/serviceaccount'

/**
 * Whether the process runs in a pod, by client-go's sign: the kubelet sets
 * `KUBERNETES_SERVICE_HOST` (and `KUBERNETES_SERVICE_PORT`) in every container.
 */
export function runsInPod(): boolean {
  return (process.env['KUBERNETES_SERVICE_HOST'] ?? '') !== ''
}

/**
 * Loads the pod's service account into `kubeConfig` through client-node's
 * `loadFromCluster(pathPrefix)`: the server `https://$KUBERNETES_SERVICE_HOST:$KUBERNETES_SERVICE_PORT`,
 * the CA `ca.crt`, the bearer token `token` (re-read every minute, so rotated tokens work) and the
 * default namespace `namespace`, all under `pathPrefix` + `SERVICE_ACCOUNT_DIRECTORY`.
 * Throws a `ClusterError` naming whatever is missing instead of failing at the first request.
 *
 * @example
 * ```ts
 * const kubeConfig = new KubeConfig()
 * const { name } = loadInClusterConfig(kubeConfig) // name: 'crdconv/migrator'
 * ```
 */
export function loadInClusterConfig(
  kubeConfig: KubeConfig,
  pathPrefix = ''
): ServiceAccountCredentials {
  const directory = `${pathPrefix}${SERVICE_ACCOUNT_DIRECTORY}`
  const tokenFile = `${directory}/token`
  const missing = [
    ...((process.env['KUBERNETES_SERVICE_PORT'] ?? '') === '' ? ['KUBERNETES_SERVICE_PORT'] : []),
    ...[tokenFile, `${directory}/ca.crt`].filter((file) => !existsSync(file)),
  ]
  if (missing.length > 0) {
    throw new ClusterError(
      'service-account-missing',
      `no kubeconfig, and KUBERNETES_SERVICE_HOST is set as in a pod, but ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing: ` +
        'mount the service account (automountServiceAccountToken: true on the pod or its service account), or pass --kubeconfig FILE or set KUBECONFIG'
    )
  }
  kubeConfig.loadFromCluster(pathPrefix)
  return { name: serviceAccountOfToken(readFileSync(tokenFile, 'utf8')), tokenFile }
}

/**
 * `namespace/name` of the service account a token was issued for, from its `sub` claim
 * (`system:serviceaccount:NAMESPACE:NAME`), for messages only: the token is not verified here,
 * the API server does that. Undefined for a token that is not such a JWT.
 */
export function serviceAccountOfToken(token: string): string | undefined {
  const payload = token.trim().split('.')[1]
  if (payload === undefined) return undefined
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
    const subject = (claims as { sub?: unknown } | null)?.sub
    const match =
      typeof subject === 'string' ? /^system:serviceaccount:([^:]+):([^:]+)$/.exec(subject) : null
    return match === null ? undefined : `${match[1]}/${match[2]}`
  } catch {
    return undefined
  }
}
