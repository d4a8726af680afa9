// A CRD installed for a moment under a group of its own, to hand objects to the API server's
// validation (schemas and CEL rules) at each version without touching the real resource.
import { randomBytes } from 'node:crypto'
import { isPlainObject } from '@crdconv/webhook/scheme'
import { apiFailure, explainClusterError } from './cluster-error.ts'
import type { ClusterClient } from './connect-to-cluster.ts'
import type { CrdManifest } from './crd-dry-run.ts'
import type { ObjectsAt } from './custom-objects.ts'

const CRDS = {
  group: 'apiextensions.k8s.io',
  version: 'v1',
  plural: 'customresourcedefinitions',
} as const

/** How long the API server may take to establish the scratch CRD and serve its group. */
const ESTABLISH_MS = 60_000
const POLL_MS = 250

/** Where the scratch copy serves each version. */
export interface ScratchCrd {
  readonly group: string
  readonly at: (version: string) => ObjectsAt
}

/**
 * Runs `use` with a copy of `crd` installed under the group `crdconv-check-<random>.<group>`,
 * with `conversion: None` (no webhook is called), then deletes it, also when `use` throws. The
 * copy's schemas and CEL rules are the CRD's own, so a server-side dry-run create at a version is
 * judged as one of the real resource would be. Throws a `ClusterError` for RBAC that forbids
 * creating or deleting CRDs, or an API server that does not establish it in time.
 *
 * @example
 * ```ts
 * await withScratchCrd(client, crd, (scratch) => dryRunCreate(client, scratch.at('v1'), object))
 * ```
 */
export async function withScratchCrd<T>(
  client: ClusterClient,
  crd: CrdManifest,
  use: (scratch: ScratchCrd) => Promise<T>
): Promise<T> {
  const group = `crdconv-check-${randomBytes(4).toString('hex')}.${crd.spec.group}`
  const plural = String(crd.spec.names['plural'])
  const name = `${plural}.${group}`
  const body = {
    ...crd,
    metadata: { name, labels: { 'app.kubernetes.io/managed-by': 'crdconv-check' } },
    spec: { ...crd.spec, group, conversion: { strategy: 'None' } },
  }
  const action = { verb: 'create', resource: 'customresourcedefinitions.apiextensions.k8s.io' }
  try {
    await client.objects.createClusterCustomObject({ ...CRDS, body })
  } catch (error) {
    throw explainClusterError(error, action, client)
  }
  const remove = async () => {
    try {
      await client.objects.deleteClusterCustomObject({ ...CRDS, name })
    } catch (error) {
      throw explainClusterError(error, { ...action, verb: 'delete' }, client)
    }
    await gone(client, name)
  }
  let result: T
  try {
    await established(client, name)
    const namespaced = crd.spec.scope === 'Namespaced'
    result = await use({ group, at: (version) => ({ group, version, plural, namespaced }) })
  } catch (error) {
    // what went wrong first is what the user needs to read
    await remove().catch(() => undefined)
    throw error
  }
  await remove()
  return result
}

/** Waits until the API server has finished deleting the CRD `name` (its finalizer ran). */
async function gone(client: ClusterClient, name: string): Promise<void> {
  const deadline = Date.now() + ESTABLISH_MS
  while (Date.now() < deadline) {
    try {
      await client.objects.getClusterCustomObject({ ...CRDS, name })
    } catch (error) {
      if (apiFailure(error)?.code === 404) return
      throw error
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
  throw new Error(`the API server did not delete the scratch CRD ${name} within 60 s`)
}

async function established(client: ClusterClient, name: string): Promise<void> {
  const deadline = Date.now() + ESTABLISH_MS
  for (;;) {
    const crd = (await client.objects.getClusterCustomObject({ ...CRDS, name })) as Record<
      string,
      unknown
    >
    const status = isPlainObject(crd['status']) ? crd['status'] : {}
    const conditions = Array.isArray(status['conditions']) ? status['conditions'] : []
    const ready = conditions.some(
      (condition) =>
        isPlainObject(condition) &&
        condition['type'] === 'Established' &&
        condition['status'] === 'True'
    )
    if (ready) return
    if (Date.now() > deadline) {
      throw new Error(`the API server did not establish the scratch CRD ${name} within 60 s`)
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
}
