import type { SchemaProps } from '@crdconv/webhook/crd'
import { isPlainObject } from '@crdconv/webhook/scheme'
import type { CrdInput } from './read-crd-documents.ts'

/** One way a regenerated CRD differs from the one imported. */
export interface CrdDifference {
  /** Where, like `.spec.versions[v1].schema.openAPIV3Schema.properties.spec.properties.size`. */
  readonly path: string
  readonly keyword: string
  readonly expected: unknown
  readonly actual: unknown
}

// the API server's own fields at a version's root: it keeps them whatever the schema says
const ROOT_FIELDS = ['apiVersion', 'kind', 'metadata']
// lists whose order means nothing
const SETS = new Set(['required'])

/**
 * What `actual` (a CRD `crdconv crd` generated) says differently from `expected` (the CRD imported):
 * group, names, scope and, per version by name, served, storage, deprecation, subresources,
 * printer columns, selectable fields and the whole `openAPIV3Schema`, compared as JSON with
 * `required` as a set and the API server's defaults applied. The conversion stanza is crdconv's
 * own and not compared. `[]` means faithful.
 *
 * @example
 * ```ts
 * crdDifferences(input, regenerated).map(describeCrdDifference)
 * ```
 */
export function crdDifferences(expected: CrdInput, actual: CrdInput): CrdDifference[] {
  const differences: CrdDifference[] = []
  compare(comparable(expected), comparable(actual, expected), '', differences)
  return differences
}

/** `.spec.versions[v1]…properties.size: format is "int32" in the input, absent when regenerated` */
export function describeCrdDifference(difference: CrdDifference): string {
  return `${difference.path || '(root)'}: ${describeChange(difference)}`
}

/** `format is "int32" in the input, absent when regenerated` */
export function describeChange(difference: CrdDifference): string {
  const show = (value: unknown) => (value === undefined ? 'absent' : JSON.stringify(value))
  return `${difference.keyword} is ${show(difference.expected)} in the input, ${show(difference.actual)} when regenerated`
}

function comparable(crd: CrdInput, reference: CrdInput = crd): Record<string, unknown> {
  const { spec } = crd
  const kind = String(spec.names['kind'])
  const versions: Record<string, unknown> = {}
  const referenceVersions = new Map(
    reference.spec.versions.map((version) => [version.name, version])
  )
  for (const version of spec.versions) {
    const root = version.schema?.openAPIV3Schema ?? {}
    const referenceRoot = referenceVersions.get(version.name)?.schema?.openAPIV3Schema ?? root
    versions[version.name] = {
      served: version.served ?? true,
      storage: version.storage ?? false,
      deprecated: version.deprecated ?? false,
      deprecationWarning: version.deprecationWarning,
      subresources:
        version.subresources === undefined || Object.keys(version.subresources).length === 0
          ? undefined
          : version.subresources,
      additionalPrinterColumns: version.additionalPrinterColumns,
      selectableFields: version.selectableFields,
      schema: { openAPIV3Schema: withRootFieldsOf(root, referenceRoot) },
    }
  }
  return {
    spec: {
      group: spec.group,
      scope: spec.scope,
      names: {
        ...spec.names,
        singular: spec.names['singular'] ?? kind.toLowerCase(),
        listKind: spec.names['listKind'] ?? `${kind}List`,
      },
      versions,
    },
  }
}

// a root that does not declare apiVersion, kind or metadata means the same as one that does
function withRootFieldsOf(root: SchemaProps, reference: SchemaProps): SchemaProps {
  const properties = isPlainObject(root['properties']) ? { ...root['properties'] } : undefined
  const declared = isPlainObject(reference['properties']) ? reference['properties'] : {}
  if (properties === undefined) return root
  for (const field of ROOT_FIELDS) if (!(field in declared)) delete properties[field]
  // the API server sets them on every object: requiring them changes nothing
  const required = Array.isArray(root['required'])
    ? (root['required'] as unknown[]).filter((name) => !ROOT_FIELDS.includes(String(name)))
    : []
  const { required: _required, ...rest } = root
  return { ...rest, properties, ...(required.length > 0 ? { required } : {}) }
}

function compare(expected: unknown, actual: unknown, path: string, out: CrdDifference[]): void {
  if (isPlainObject(expected) && isPlainObject(actual)) {
    for (const key of new Set([...Object.keys(expected), ...Object.keys(actual)])) {
      const left = expected[key]
      const right = actual[key]
      if (left === undefined && right === undefined) continue
      const bothNested = (isPlainObject(left) && isPlainObject(right)) || SETS.has(key)
      if (bothNested && SETS.has(key)) {
        if (!sameSet(left, right)) out.push({ path, keyword: key, expected: left, actual: right })
      } else if (bothNested) {
        compare(left, right, `${path}.${key}`, out)
      } else if (!sameJson(left, right)) {
        out.push({ path, keyword: key, expected: left, actual: right })
      }
    }
    return
  }
  if (!sameJson(expected, actual)) out.push({ path, keyword: '(value)', expected, actual })
}

function sameSet(left: unknown, right: unknown): boolean {
  const a = Array.isArray(left) ? left.map(String).sort() : []
  const b = Array.isArray(right) ? right.map(String).sort() : []
  return sameJson(a, b)
}

function sameJson(left: unknown, right: unknown): boolean {
  if (left === right) return true
  if (Array.isArray(left) && Array.isArray(right)) {
    return left.length === right.length && left.every((item, index) => sameJson(item, right[index]))
  }
  if (isPlainObject(left) && isPlainObject(right)) {
    const keys = Object.keys(left).filter((key) => left[key] !== undefined)
    const other = Object.keys(right).filter((key) => right[key] !== undefined)
    return keys.length === other.length && keys.every((key) => sameJson(left[key], right[key]))
  }
  return false
}
