// `crdconv status` for a resource an XRD declares: its CRD is Crossplane's, rendered from the XRD
// (and re-rendered whenever the XRD changes), so what is wrong with the CRD is fixed in the XRD
// and, for an XRD a package ships, in the package, never by re-applying the CRD.
import { xrdOf, type CrossplaneRole, type Xrd } from '@crdconv/webhook'
import type { KubeObject, Resource } from '@crdconv/webhook/scheme'
import { apiFailure, readObject, type ClusterClient } from '../cluster-client/index.ts'

/** The live XRD behind a resource's CRD, as `status` reports it. */
export interface XrdOrigin {
  readonly name: string
  readonly role: CrossplaneRole
  /** Whether the live XRD was found. */
  readonly installed: boolean
  /** The live XRD's `spec.conversion.strategy`; `undefined` when it has no stanza. */
  readonly conversion?: string
  /** The Configuration package whose revision owns the XRD, when one does. */
  readonly package?: string
}

// the status problems whose usual fix is to re-apply the CRD: Crossplane reverts that
const FIXED_IN_THE_XRD = new Set([
  'crd-not-installed',
  'storage-version-differs',
  'version-not-applied',
  'served-version-gone',
  'schema-differs',
  'conversion-not-webhook',
])

const XRD_API = { group: 'apiextensions.crossplane.io', plural: 'compositeresourcedefinitions' }

/**
 * The live XRD of `resource` (undefined for a resource no XRD declares): whether it carries the
 * conversion stanza, and the package that ships it.
 *
 * @example
 * ```ts
 * const origin = await readXrdOrigin(client, xrd.claim)
 * origin?.conversion // undefined once a package sync stripped the stanza
 * ```
 */
export async function readXrdOrigin(
  client: ClusterClient,
  resource: Resource
): Promise<XrdOrigin | undefined> {
  const found = xrdOf(resource)
  if (found === undefined) return undefined
  const { xrd, role } = found
  const live = await readLiveXrd(client, xrd)
  if (live === undefined) return { name: xrd.name, role, installed: false }
  const spec = (live['spec'] ?? {}) as { conversion?: { strategy?: unknown } }
  const strategy = spec.conversion?.strategy
  const packageName = shippedBy(live)
  return {
    name: xrd.name,
    role,
    installed: true,
    ...(typeof strategy === 'string' ? { conversion: strategy } : {}),
    ...(packageName === undefined ? {} : { package: packageName }),
  }
}

type OwnerReference = {
  readonly apiVersion?: string
  readonly kind?: string
  readonly name?: string
}

// Crossplane's package manager owns an XRD it installs by the ConfigurationRevision (controller)
// and by the Configuration, the package (internal/controller/pkg/revision/establisher.go)
function shippedBy(live: KubeObject): string | undefined {
  const metadata = (live.metadata ?? {}) as {
    ownerReferences?: readonly OwnerReference[]
    labels?: Readonly<Record<string, string>>
  }
  const owners = (metadata.ownerReferences ?? []).filter((owner) =>
    owner.apiVersion?.startsWith('pkg.crossplane.io/')
  )
  const owner = (kind: string) => owners.find((reference) => reference.kind === kind)?.name
  return (
    owner('Configuration') ??
    metadata.labels?.['pkg.crossplane.io/package'] ??
    owner('ConfigurationRevision')
  )
}

async function readLiveXrd(client: ClusterClient, xrd: Xrd): Promise<KubeObject | undefined> {
  const version = xrd.xrd.apiVersion?.split('/')[1] ?? 'v1'
  try {
    return await readObject(client, { ...XRD_API, version, namespaced: false }, { name: xrd.name })
  } catch (error) {
    if (apiFailure(error)?.code === 404) return undefined
    throw error
  }
}

interface FixableProblem {
  readonly code: string
  readonly message: string
  readonly fix: string
}

/**
 * `problems` of a CRD Crossplane renders from `origin`'s XRD, each fix moved to the XRD: the
 * stanza gone from the XRD is said as such, and a package that ships the XRD is named.
 *
 * @example
 * ```ts
 * const problems = xrdProblems(status.problems, origin)
 * ```
 */
export function xrdProblems<Problem extends FixableProblem>(
  problems: readonly Problem[],
  origin: XrdOrigin
): Problem[] {
  const where =
    origin.package === undefined
      ? `the XRD ${origin.name}`
      : `the XRD ${origin.name} in the package ${origin.package}`
  const fix =
    `Crossplane renders this CRD from the XRD and reverts a CRD applied by hand: ` +
    `apply the XRD crdconv writes (crdconv crd --scheme S --url URL | kubectl apply -f -)` +
    (origin.package === undefined
      ? ''
      : `, and ship it in a new version of the package ${origin.package}: its next sync re-applies the XRD it carries`)
  return problems.map((problem) => {
    if (!FIXED_IN_THE_XRD.has(problem.code)) return problem
    const stripped =
      problem.code === 'conversion-not-webhook' &&
      origin.installed &&
      origin.conversion === undefined
        ? `; ${where} has no spec.conversion (a package sync re-applies the XRD it ships, without a stanza patched in afterwards), so Crossplane set None`
        : ''
    return { ...problem, message: `${problem.message}${stripped}`, fix }
  })
}

/** The line `status` prints for a resource an XRD declares. */
export function describeXrdOrigin(origin: XrdOrigin): string {
  const kind = origin.role === 'claim' ? 'claim' : 'composite resource'
  if (!origin.installed) return `Crossplane ${kind} of the XRD ${origin.name} (not installed)`
  return (
    `Crossplane ${kind} of the XRD ${origin.name}` +
    (origin.package === undefined ? '' : ` (package ${origin.package})`) +
    `: the XRD's conversion: ${origin.conversion ?? 'none (Crossplane renders None)'}`
  )
}
