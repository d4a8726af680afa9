// A CRD as the pieces of a `defineResource` call: plain data, the zod plan of each version and
// the field moves between neighbours. The module source and the in-memory check both read it.
import type { RootFields } from '@crdconv/webhook'
import { sortByVersionPriority } from '../crd/index.ts'
import { isPlainObject } from '@crdconv/webhook/scheme'
import type { CrdInput, CrdVersionInput } from './read-crd-documents.ts'
import { planCrdMetadata, type LeftOutAnnotation } from './crd-metadata-plan.ts'
import { planRoot } from './root-plan.ts'
import type { PairMoves, PlannedVersion } from './move-plan.ts'
import { planMoves } from './version-moves.ts'
import type { ZodPlan } from './zod-plan.ts'

export interface VersionPlan {
  readonly name: string
  /** Identifier of the exported schema, like `CertificateV1`. */
  readonly schemaName: string
  readonly schema: ZodPlan
  /** The version's `defineResource` entry without `schema`. */
  readonly settings: Readonly<Record<string, unknown>>
  /** `crdRootFields` of the schema: set when the CRD leaves out some of apiVersion, kind, metadata. */
  readonly rootFields?: RootFields
}

export interface ResourcePlan {
  readonly kind: string
  /** `defineResource`'s group, kind, names, scope and the CRD's own labels and annotations (`crd`). */
  readonly identity: Readonly<Record<string, unknown>>
  /** The CRD's annotations the module does not carry, and why. */
  readonly leftOut: readonly LeftOutAnnotation[]
  readonly versions: readonly VersionPlan[]
  /** The moves between neighbours in version priority, older → newer, oldest first; the way back is derived. */
  readonly converters: readonly PairMoves[]
}

/** What else shapes a plan beside the CRD. */
export interface PlanOptions {
  /**
   * Top-level fields every version holds as objects whatever its schema says (an XRD's `spec` and
   * `status`, which Crossplane adds to every version it renders): the moves between versions are
   * planned as if each schema declared them, so none stashes one away.
   */
  readonly objectsAtEveryVersion?: readonly string[]
}

/**
 * Everything `crdconv import` says about one CRD.
 *
 * @example
 * ```ts
 * const plan = planResource(crd)
 * plan.versions.map((version) => version.schemaName) // ['CronTabV1', 'CronTabV1beta1']
 * ```
 */
export function planResource(crd: CrdInput, options: PlanOptions = {}): ResourcePlan {
  const { spec } = crd
  const kind = String(spec.names['kind'])
  const names: Record<string, unknown> = {}
  for (const key of ['plural', 'singular', 'shortNames', 'categories', 'listKind']) {
    if (spec.names[key] !== undefined) names[key] = spec.names[key]
  }
  const ordered = sortByVersionPriority(spec.versions.map((version) => version.name)).map(
    (name) => spec.versions.find((version) => version.name === name) as CrdVersionInput
  )
  const versions = ordered.map((version) => ({
    name: version.name,
    schemaName: `${kind}${version.name.charAt(0).toUpperCase()}${version.name.slice(1)}`,
    ...planRoot(version.schema?.openAPIV3Schema ?? { type: 'object' }),
    settings: versionSettings(version),
  }))
  const planned = ordered.map((version, index) => ({
    name: version.name,
    plan: (versions[index] as VersionPlan).schema,
    schema: withObjects(version.schema?.openAPIV3Schema ?? {}, options.objectsAtEveryVersion),
  }))
  const converters = planned
    .slice(1)
    .map((older, index) => planMoves(older, planned[index] as PlannedVersion))
    .reverse()
  const metadata = planCrdMetadata(crd)
  return {
    kind,
    identity: {
      group: spec.group,
      kind,
      names,
      scope: spec.scope,
      ...(metadata.crd === undefined ? {} : { crd: metadata.crd }),
    },
    leftOut: metadata.leftOut,
    versions,
    converters,
  }
}

function withObjects(
  schema: PlannedVersion['schema'],
  names: readonly string[] = []
): PlannedVersion['schema'] {
  if (names.length === 0) return schema
  const properties: Record<string, unknown> = { ...(schema['properties'] as object | undefined) }
  for (const name of names) properties[name] ??= { type: 'object' }
  return { ...schema, properties } as PlannedVersion['schema']
}

function versionSettings(version: CrdVersionInput): Record<string, unknown> {
  const settings: Record<string, unknown> = {}
  if (version.storage === true) settings['storage'] = true
  if (version.served === false) settings['served'] = false
  if (version.deprecated === true) settings['deprecated'] = true
  if (version.deprecationWarning !== undefined) {
    settings['deprecationWarning'] = version.deprecationWarning
  }
  const subresources = version.subresources
  if (subresources !== undefined) {
    const stanza: Record<string, unknown> = {}
    if (subresources['status'] !== undefined) stanza['status'] = true
    if (isPlainObject(subresources['scale'])) stanza['scale'] = subresources['scale']
    settings['subresources'] = stanza
  }
  if (version.additionalPrinterColumns !== undefined) {
    settings['additionalPrinterColumns'] = version.additionalPrinterColumns
  }
  if (version.selectableFields !== undefined) {
    settings['selectableFields'] = version.selectableFields
  }
  return settings
}
