// A CRD sent to the API server as a server-side dry-run create: what it refuses (CEL rules that do
// not compile or cost too much, schemas it rejects), and what it would store.
import type { CrdShape } from '../crd/index.ts'
import { isPlainObject } from '@crdconv/webhook/scheme'
import { apiFailure, explainClusterError } from './cluster-error.ts'
import type { ClusterClient } from './connect-to-cluster.ts'

const CRDS = {
  group: 'apiextensions.k8s.io',
  version: 'v1',
  plural: 'customresourcedefinitions',
} as const

/** A CRD as plain JSON, as `buildCustomResourceDefinition` makes it: one with a name. */
export type CrdManifest = CrdShape & { readonly metadata: { readonly name: string } }

/** One reason the API server gave for refusing the CRD, placed in the CRD. */
export interface CrdRefusal {
  /** The version whose schema it is about, `every version` for a schema they share, else undefined. */
  readonly version?: string
  /** The field of the object, like `.spec.replicas`, `(root)`; undefined outside the schemas. */
  readonly field?: string
  /** What in that node, like `x-kubernetes-validations[0].rule`, or the API server's whole path. */
  readonly at?: string
  readonly message: string
}

export type CrdDryRun =
  | {
      readonly accepted: true
      /** The CRD as the API server would store it. */
      readonly stored: Record<string, unknown>
      /** Keywords it sent that the API server did not keep (a release older than the feature). */
      readonly dropped: readonly string[]
    }
  | { readonly accepted: false; readonly refusals: readonly CrdRefusal[] }

/**
 * Creates `crd` with `dryRun=All`: the API server validates it as it would a real create (CEL
 * rules compiled and their cost estimated, from Kubernetes 1.25) and stores nothing. A CRD of that
 * name that is already installed is tried again under the group `crdconv-dry-run.<group>`, the
 * checks being the same. Throws a `ClusterError` for an unreachable API server or RBAC that
 * forbids creating CRDs.
 *
 * @example
 * ```ts
 * const outcome = await dryRunCreateCrd(connectToCluster(), crd)
 * if (!outcome.accepted) console.log(outcome.refusals.map(formatCrdRefusal))
 * ```
 */
export async function dryRunCreateCrd(client: ClusterClient, crd: CrdManifest): Promise<CrdDryRun> {
  let body: CrdManifest = crd
  for (let attempt = 0; ; attempt++) {
    try {
      const stored = (await client.objects.createClusterCustomObject({
        ...CRDS,
        body,
        dryRun: 'All',
      })) as Record<string, unknown>
      return { accepted: true, stored, dropped: droppedKeywords(body.spec, stored['spec']) }
    } catch (error) {
      const failure = apiFailure(error)
      if (failure?.code === 409 && attempt === 0) {
        body = underOtherGroup(crd)
        continue
      }
      if (failure?.code === 422 || failure?.code === 400) {
        return { accepted: false, refusals: refusals(error, failure.message, crd) }
      }
      throw explainClusterError(
        error,
        { verb: 'create', resource: 'customresourcedefinitions.apiextensions.k8s.io' },
        client
      )
    }
  }
}

/** `v1: .spec: x-kubernetes-validations[0].rule: compilation failed: …` */
export function formatCrdRefusal(refusal: CrdRefusal): string {
  const where = [refusal.version, refusal.field, refusal.at].filter((part) => part !== undefined)
  return `${where.join(': ')}: ${refusal.message}`
}

/** The API server's release (`v1.37.2`), or undefined when it does not say. */
export async function serverVersion(client: ClusterClient): Promise<string | undefined> {
  // loaded on use: status imports this module, and the CLI loads the cluster client only to talk to one
  const { VersionApi } = await import('@kubernetes/client-node')
  try {
    return (await client.kubeConfig.makeApiClient(VersionApi).getCode()).gitVersion
  } catch {
    return undefined
  }
}

function underOtherGroup(crd: CrdManifest): CrdManifest {
  const group = `crdconv-dry-run.${crd.spec.group}`
  return {
    ...crd,
    metadata: { ...crd.metadata, name: `${String(crd.spec.names['plural'])}.${group}` },
    spec: { ...crd.spec, group },
  }
}

function refusals(error: unknown, message: string, crd: CrdManifest): CrdRefusal[] {
  const body = (error as { body?: unknown }).body
  let status: unknown
  try {
    status = typeof body === 'string' ? JSON.parse(body) : body
  } catch {
    status = undefined
  }
  const details = isPlainObject(status) ? status['details'] : undefined
  const causes = isPlainObject(details) ? details['causes'] : undefined
  if (!Array.isArray(causes) || causes.length === 0) return [{ at: '(the CRD)', message }]
  return causes
    .filter(isPlainObject)
    .map((cause) => placed(String(cause['field'] ?? ''), String(cause['message'] ?? ''), crd))
}

const SCHEMA_PATH = /^spec\.(?:validation|versions\[(\d+)\]\.schema)\.openAPIV3Schema/
// the Go value the API server prints for a rule it refuses: the rule is named by its path already
const RULE_DUMP = /^Invalid value: \{"Rule":.*?"OptionalOldSelf":(?:null|true|false)\}: /

// `spec.versions[0].schema.openAPIV3Schema.properties[spec].x-kubernetes-validations[0].rule`
// as version v1, field `.spec`, at `x-kubernetes-validations[0].rule`
function placed(path: string, message: string, crd: CrdManifest): CrdRefusal {
  const text = message.replace(RULE_DUMP, 'Invalid value: ')
  const schema = SCHEMA_PATH.exec(path)
  if (schema === null) return { at: path, message: text }
  // spec.validation: the one schema every version shares, as the API server keeps it
  const index = schema[1] ?? (crd.spec.versions.length === 1 ? '0' : undefined)
  const version =
    index === undefined ? 'every version' : String(crd.spec.versions[Number(index)]?.name)
  let rest = path.slice(schema[0].length)
  let field = ''
  for (;;) {
    const step = /^\.properties\[([^\]]*)\]|^\.items\b|^\.additionalProperties\b/.exec(rest)
    if (step === null) break
    field += step[1] !== undefined ? `.${step[1]}` : step[0] === '.items' ? '[]' : '[*]'
    rest = rest.slice(step[0].length)
  }
  const at = rest.replace(/^\./, '')
  return {
    version,
    field: field === '' ? '(root)' : field,
    ...(at === '' ? {} : { at }),
    message: text,
  }
}

// the keys sent that came back absent, their value not a zero value the API server omits
function droppedKeywords(sent: unknown, stored: unknown, found = new Set<string>()): string[] {
  if (Array.isArray(sent) && Array.isArray(stored)) {
    sent.forEach((item, index) => droppedKeywords(item, stored[index], found))
  } else if (isPlainObject(sent) && isPlainObject(stored)) {
    for (const [key, value] of Object.entries(sent)) {
      if (key === 'conversion') continue
      if (!(key in stored)) {
        if (!isZeroValue(value)) found.add(key)
      } else droppedKeywords(value, stored[key], found)
    }
  }
  return [...found]
}

function isZeroValue(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === false ||
    value === 0 ||
    value === '' ||
    (Array.isArray(value) && value.length === 0)
  )
}
