// `crdconv check` against an API server: each resource's CRD sent as a server-side dry-run create.
import { buildCustomResourceDefinition, type CheckItem } from '../crd/index.ts'
import { isPlainObject, type Resource } from '@crdconv/webhook/scheme'
import type { ClusterClient } from '../cluster-client/index.ts'

/** What `check` says when it sends no CRD to an API server. */
export const NO_CLUSTER_LINE =
  'CEL rules not checked against an API server: no cluster given (--kubeconfig, --context or --server-side)'

// crdconv check never calls the webhook: the URL only has to be one the API server accepts
const PLACEHOLDER_URL = 'https://crdconv-check.invalid/convert'

/** The API server `check` sends the CRDs to, and its release. */
export interface CheckCluster {
  readonly client: ClusterClient
  readonly version: string | undefined
}

/** The cluster `client` is connected to, with its release, as `apiServerItem` reports on it. */
export async function clusterToCheck(client: ClusterClient): Promise<CheckCluster> {
  const { serverVersion } = await import('../cluster-client/index.ts')
  return { client, version: await serverVersion(client) }
}

/**
 * The report item of `resource`'s CRD on the API server: accepted (with what an older release
 * dropped), or each refusal with its version, field and rule. A cluster that cannot be asked
 * (unreachable, RBAC) throws its `ClusterError`.
 */
export async function apiServerItem(
  { client, version }: CheckCluster,
  resource: Resource
): Promise<CheckItem> {
  const { dryRunCreateCrd, formatCrdRefusal } = await import('../cluster-client/index.ts')
  const code = 'api-server-accepts'
  const title = 'the API server accepts the CRD, CEL rules included (server-side dry run)'
  const { crd, problems } = buildCustomResourceDefinition(resource, { url: PLACEHOLDER_URL })
  if (problems.length > 0) {
    return {
      code,
      title,
      problems: [],
      notes: ['not sent: the CRD cannot be generated (see above)'],
    }
  }
  const outcome = await dryRunCreateCrd(client, crd)
  const server = `${version ?? 'the API server'} at ${client.server} (context ${client.contextName})`
  if (!outcome.accepted) {
    return {
      code,
      title,
      // a CEL compiler message spans lines: under the item's "- " they stay readable
      problems: outcome.refusals.map((refusal) =>
        formatCrdRefusal(refusal).replaceAll('\n', '\n            ')
      ),
      notes: [`refused by ${server}`],
    }
  }
  const rules = countRules(crd.spec.versions)
  const checked = rules > 0 && !outcome.dropped.includes('x-kubernetes-validations')
  const notes = [
    `accepted by ${server}${checked ? `, ${rules} CEL rule${rules === 1 ? '' : 's'} compiled within the cost budget` : ''}`,
  ]
  if (outcome.dropped.length > 0) {
    notes.push(
      `it dropped ${outcome.dropped.join(', ')}: this release predates them, so it neither checks nor enforces them`
    )
  }
  return { code, title, problems: [], notes }
}

function countRules(node: unknown): number {
  if (Array.isArray(node)) return node.reduce((total: number, item) => total + countRules(item), 0)
  if (!isPlainObject(node)) return 0
  let total = 0
  for (const [key, value] of Object.entries(node)) {
    total +=
      key === 'x-kubernetes-validations' && Array.isArray(value) ? value.length : countRules(value)
  }
  return total
}
