// A generated CRD put in place on a cluster: created, or the installed one replaced, as
// `kubectl apply` would leave it; the API server's refusal comes back as data.
import { apiFailure, explainClusterError } from './cluster-error.ts'
import type { ClusterClient } from './connect-to-cluster.ts'
import type { CrdManifest } from './crd-dry-run.ts'
import { readCustomResourceDefinition } from './live-crd.ts'

// what `kubectl apply` and `kubectl create --save-config` record: a later `kubectl apply -f` of
// another manifest (`crdconv retire`'s) then removes what that one leaves out, the webhook included
const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration'

const CRDS = {
  group: 'apiextensions.k8s.io',
  version: 'v1',
  plural: 'customresourcedefinitions',
} as const

/** What became of one CRD sent to the API server. */
export type CrdApplied =
  | { readonly outcome: 'created' | 'updated' }
  /** The API server's own words: a stored version dropped, a schema it rejects. */
  | { readonly outcome: 'refused'; readonly message: string }

/**
 * Creates `crd`, or replaces the installed CRD of its name (whose `status`, `storedVersions`
 * included, stays the API server's), guarded by the `resourceVersion` just read: a conflict reads
 * again. It records `crd` as kubectl's last-applied configuration, as `kubectl apply` would, so
 * that a `kubectl apply -f` of another manifest afterwards merges with it as with its own. A refusal (HTTP 400 or 422) is answered with the API server's message; an unreachable API
 * server or RBAC that forbids the verb throws a `ClusterError`.
 *
 * @example
 * ```ts
 * const applied = await applyCustomResourceDefinition(client, crd)
 * if (applied.outcome === 'refused') console.error(applied.message)
 * ```
 */
export async function applyCustomResourceDefinition(
  client: ClusterClient,
  crd: CrdManifest
): Promise<CrdApplied> {
  const name = crd.metadata.name
  const { annotations } = crd.metadata as { readonly annotations?: Record<string, string> }
  const lastApplied = { [LAST_APPLIED]: `${JSON.stringify(crd)}\n` }
  const recorded = {
    ...crd,
    metadata: { ...crd.metadata, annotations: { ...annotations, ...lastApplied } },
  }
  for (let attempt = 1; ; attempt += 1) {
    const live = await readCustomResourceDefinition(client, name)
    const verb = live === undefined ? 'create' : 'update'
    try {
      if (live === undefined) {
        await client.objects.createClusterCustomObject({ ...CRDS, body: recorded })
        return { outcome: 'created' }
      }
      const body = {
        ...recorded,
        metadata: { ...recorded.metadata, resourceVersion: live.metadata.resourceVersion },
      }
      await client.objects.replaceClusterCustomObject({ ...CRDS, name, body })
      return { outcome: 'updated' }
    } catch (error) {
      const failure = apiFailure(error)
      if (failure?.code === 409 && attempt < 5) continue
      if (failure?.code === 400 || failure?.code === 422) {
        return { outcome: 'refused', message: failure.message }
      }
      throw explainClusterError(
        error,
        { verb, resource: 'customresourcedefinitions.apiextensions.k8s.io', name },
        client
      )
    }
  }
}
