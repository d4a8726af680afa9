// A CRD as the pieces of a `defineResource` call: plain data, the zod plan of each version and
// the converters between neighbours. The module source and the in-memory check both read it.
import { sortByVersionPriority, type RootFields, type SchemaProps } from '@crdconv/webhook/crd'
import { isPlainObject } from '@crdconv/webhook/scheme'
import type { CrdInput, CrdVersionInput } from './read-crd-documents.ts'
import { describeSchemaDifference, schemaDifferences, type DifferenceKind } from '../diff/index.ts'
import { planRoot } from './root-plan.ts'
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

export interface ConverterPlan {
  readonly from: string
  readonly to: string
  /** How the two versions' schemas differ, one line each (`converterDifferences`): the user's work. */
  readonly differences: readonly string[]
}

export interface ResourcePlan {
  readonly kind: string
  /** `defineResource`'s group, kind, names and scope. */
  readonly identity: Readonly<Record<string, unknown>>
  readonly versions: readonly VersionPlan[]
  readonly converters: readonly ConverterPlan[]
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
export function planResource(crd: CrdInput): ResourcePlan {
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
  const converters: ConverterPlan[] = []
  for (let index = 1; index < ordered.length; index++) {
    const newer = ordered[index - 1] as CrdVersionInput
    const older = ordered[index] as CrdVersionInput
    const differences = converterDifferences(
      older.schema?.openAPIV3Schema ?? {},
      newer.schema?.openAPIV3Schema ?? {}
    )
    converters.push({ from: older.name, to: newer.name, differences })
    converters.push({ from: newer.name, to: older.name, differences })
  }
  return {
    kind,
    identity: { group: spec.group, kind, names, scope: spec.scope },
    versions,
    converters,
  }
}

const MAX_LISTED = 12
// what a converter must handle first: fields that moved or changed shape, then values it narrows
const CONVERTER_WORK: readonly DifferenceKind[][] = [
  ['added', 'removed', 'type', 'int-or-string'],
  ['enum', 'enum-values-removed', 'default', 'required'],
]
const workOf = (kind: DifferenceKind) => {
  const rank = CONVERTER_WORK.findIndex((kinds) => kinds.includes(kind))
  return rank === -1 ? CONVERTER_WORK.length : rank
}
// the API server sets and checks these itself, whatever a version's schema says of them
const API_SERVER_FIELDS = /^\.(apiVersion|kind|metadata)(?![\w-])/

/**
 * The differences between two versions a converter has to handle, as `crdconv diff` finds them,
 * one line each (`.spec.size: type integer → string`), fields that moved or changed shape first,
 * at most a dozen and then how many more;
 * `[]` when the two differ only in `apiVersion`, `kind` or `metadata`.
 *
 * @example
 * ```ts
 * converterDifferences(v1beta1Schema, v1Schema) // ['.spec.hostPort: removed (string)', …]
 * ```
 */
export function converterDifferences(older: SchemaProps, newer: SchemaProps): string[] {
  const lines = schemaDifferences(older, newer)
    .filter((difference) => !API_SERVER_FIELDS.test(difference.path))
    .sort((a, b) => workOf(a.kind) - workOf(b.kind))
    .map(describeSchemaDifference)
  if (lines.length <= MAX_LISTED) return lines
  const more = lines.length - MAX_LISTED
  return [...lines.slice(0, MAX_LISTED), `… and ${more} more: crdconv diff lists them all`]
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
