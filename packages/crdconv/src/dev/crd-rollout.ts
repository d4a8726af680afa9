// The CRDs of a scheme put in place on the local cluster, and what to say of each.
import type { Resource } from '@crdconv/webhook/scheme'
import {
  applyCustomResourceDefinition,
  readCustomResourceDefinition,
  type ClusterClient,
} from '../cluster-client/index.ts'
import { buildResourceCrds } from '../crd/index.ts'
import { droppedVersionProblems } from '../lifecycle/index.ts'

/** Where the CRDs point: the local webhook's URL (path token in it) and its CA as `caBundle`. */
export interface WebhookEndpoint {
  readonly url: string
  /** base64 of the CA's PEM, as `spec.conversion.webhook.clientConfig.caBundle` holds it */
  readonly caBundle: string
}

/** What became of applying a scheme's CRDs: one line per CRD, or why none was applied. */
export type Rollout =
  | { readonly applied: true; readonly lines: readonly string[] }
  | { readonly applied: false; readonly problems: readonly string[] }

/** How long a new CRD may take to be `Established` before `rollOut` says so and goes on. */
const ESTABLISHED_WITHIN_MS = 30_000

/**
 * Generates the CRDs of `resources` against `endpoint` and applies them, created or replaced,
 * waiting until each is `Established` (kubectl can use its kind then). Nothing is applied when a
 * CRD cannot be generated, or when it would drop a version still in `status.storedVersions` or in
 * objects' managedFields (`droppedVersionProblems`); a CRD the API server refuses is reported
 * with its words. A `ClusterError` (API server gone) is thrown.
 *
 * @example
 * ```ts
 * const rollout = await rollOut(client, scheme.resources, { url, caBundle })
 * if (!rollout.applied) console.error(rollout.problems.join('\n'))
 * ```
 */
export async function rollOut(
  client: ClusterClient,
  resources: readonly Resource[],
  endpoint: WebhookEndpoint
): Promise<Rollout> {
  const { crds, problems } = buildResourceCrds(resources, endpoint)
  if (problems.length > 0) return { applied: false, problems }
  const dropped = await droppedVersionProblems(resources, { client })
  if (dropped.length > 0) return { applied: false, problems: dropped }
  const lines: string[] = []
  for (const [index, crd] of crds.entries()) {
    const applied = await applyCustomResourceDefinition(client, crd)
    const name = crd.metadata.name
    if (applied.outcome === 'refused') {
      return {
        applied: false,
        problems: [`${name}: the API server refused it: ${applied.message}`],
      }
    }
    const established = await waitUntilEstablished(client, name)
    const resource = resources[index]
    const versions = resource === undefined ? '' : `: ${versionList(resource)}`
    lines.push(
      `${applied.outcome} ${name}${versions}${established ? '' : ' (not Established yet)'}`
    )
  }
  return { applied: true, lines }
}

/** `v1beta1 (served), v1 (served, storage)`, in the scheme's order. */
export function versionList(resource: Resource): string {
  return resource.versionNames
    .map((name) => {
      const flags = [
        resource.versions[name]?.served === false ? 'not served' : 'served',
        ...(name === resource.storageVersion ? ['storage'] : []),
      ]
      return `${name} (${flags.join(', ')})`
    })
    .join(', ')
}

async function waitUntilEstablished(client: ClusterClient, name: string): Promise<boolean> {
  const deadline = Date.now() + ESTABLISHED_WITHIN_MS
  for (;;) {
    const crd = await readCustomResourceDefinition(client, name)
    const established = crd?.status?.conditions?.some(
      (condition) => condition.type === 'Established' && condition.status === 'True'
    )
    if (established === true) return true
    if (Date.now() > deadline) return false
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}
