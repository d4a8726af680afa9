import type { CrdShape, CrdVersionShape } from '../crd/index.ts'
import { apiFailure, ClusterError, explainClusterError } from './cluster-error.ts'
import type { ClusterClient } from './connect-to-cluster.ts'
import type { ObjectsAt } from './custom-objects.ts'

/** One entry of a live CRD's `spec.versions`, as the API server returns it. */
export interface LiveCrdVersion extends CrdVersionShape {
  readonly served: boolean
  readonly storage: boolean
}

/** A CustomResourceDefinition read from a cluster, as plain JSON (the fields crdconv reads). */
export interface LiveCustomResourceDefinition extends CrdShape<LiveCrdVersion> {
  readonly metadata: {
    readonly name: string
    readonly resourceVersion?: string
    /** Incremented by the API server on every change of `spec`. */
    readonly generation?: number
    readonly managedFields?: readonly { readonly time?: string }[]
  }
  readonly spec: CrdShape<LiveCrdVersion>['spec'] & {
    readonly names: { readonly plural: string; readonly kind: string }
    readonly scope: 'Namespaced' | 'Cluster'
    readonly conversion?: {
      readonly strategy?: string
      readonly webhook?: { readonly clientConfig?: { readonly url?: string } }
    }
  }
  readonly status?: {
    readonly storedVersions?: readonly string[]
    readonly conditions?: readonly LiveCrdCondition[]
  }
  readonly [field: string]: unknown
}

/** One of a live CRD's `status.conditions`: `Established`, `StorageMigrating`… */
export interface LiveCrdCondition {
  readonly type: string
  readonly status: string
  readonly reason?: string
  readonly message?: string
  readonly observedGeneration?: number
}

const CRDS = {
  group: 'apiextensions.k8s.io',
  version: 'v1',
  plural: 'customresourcedefinitions',
} as const

/**
 * The CustomResourceDefinition `name` (`plural.group`) as plain JSON, exactly as the API server
 * returns it (`x-kubernetes-*` keys included), or undefined when it is not installed. Throws a
 * `ClusterError` for an unreachable API server or RBAC that forbids `get`.
 *
 * @example
 * ```ts
 * const crd = await readCustomResourceDefinition(connectToCluster(), 'crontabs.example.com')
 * crd?.status?.storedVersions // ['v1beta1', 'v1']
 * ```
 */
export async function readCustomResourceDefinition(
  client: ClusterClient,
  name: string
): Promise<LiveCustomResourceDefinition | undefined> {
  try {
    return (await client.objects.getClusterCustomObject({
      ...CRDS,
      name,
    })) as LiveCustomResourceDefinition
  } catch (error) {
    if (apiFailure(error)?.code === 404) return undefined
    throw explainClusterError(
      error,
      { verb: 'get', resource: 'customresourcedefinitions.apiextensions.k8s.io', name },
      client
    )
  }
}

/** Like `readCustomResourceDefinition`, but a CRD that is not installed is a `ClusterError`. */
export async function requireCustomResourceDefinition(
  client: ClusterClient,
  name: string
): Promise<LiveCustomResourceDefinition> {
  const crd = await readCustomResourceDefinition(client, name)
  if (crd === undefined) {
    throw new ClusterError(
      'crd-not-installed',
      `CRD ${name} is not installed in context ${client.contextName}: apply it first (crdconv crd --url … | kubectl apply -f -)`
    )
  }
  return crd
}

/**
 * Sets `status.storedVersions` to `versions` through the CRD's `status` subresource, guarded
 * by the `resourceVersion` just read; a conflict re-reads and tries again.
 */
export async function setStoredVersions(
  client: ClusterClient,
  name: string,
  versions: readonly string[]
): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const crd = await requireCustomResourceDefinition(client, name)
    try {
      await client.objects.replaceClusterCustomObjectStatus({
        ...CRDS,
        name,
        body: { ...crd, status: { ...crd.status, storedVersions: [...versions] } },
      })
      return
    } catch (error) {
      if (apiFailure(error)?.code === 409 && attempt < 5) continue
      throw explainClusterError(
        error,
        { verb: 'update', resource: 'customresourcedefinitions/status', name },
        client
      )
    }
  }
}

/**
 * Writes `crd` back, guarded by the `resourceVersion` it was read with: a 409 (someone changed it
 * meanwhile) is a `ClusterError`, and nothing is written.
 */
export async function replaceCustomResourceDefinition(
  client: ClusterClient,
  crd: LiveCustomResourceDefinition
): Promise<void> {
  const name = crd.metadata?.name ?? ''
  try {
    await client.objects.replaceClusterCustomObject({ ...CRDS, name, body: crd })
  } catch (error) {
    throw explainClusterError(
      error,
      { verb: 'update', resource: 'customresourcedefinitions.apiextensions.k8s.io', name },
      client
    )
  }
}

/** The live storage version, or undefined for a CRD without one (the API server forbids that). */
export function liveStorageVersion(crd: LiveCustomResourceDefinition): string | undefined {
  return crd.spec.versions.find((version) => version.storage)?.name
}

/** The objects of the live CRD's kind at `version`. */
export function objectsAt(crd: LiveCustomResourceDefinition, version: string): ObjectsAt {
  return {
    group: crd.spec.group,
    version,
    plural: crd.spec.names.plural,
    namespaced: crd.spec.scope === 'Namespaced',
  }
}
