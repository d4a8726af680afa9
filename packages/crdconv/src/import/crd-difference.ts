import { jsonDifferencesAt } from '@crdconv/webhook/json'
import { planCrdMetadata } from './crd-metadata-plan.ts'
import type { CrdInput } from './read-crd-documents.ts'

/** One way a regenerated CRD differs from the one imported. */
export interface CrdDifference {
  /** Where, like `.spec.versions[v1].schema.openAPIV3Schema.properties.spec.properties.size`. */
  readonly path: string
  readonly keyword: string
  readonly expected: unknown
  readonly actual: unknown
}

/**
 * What `actual` (a CRD `crdconv crd` generated) says differently from `expected` (the CRD imported):
 * the CRD's labels and annotations (but those an import leaves out, `ANNOTATIONS_LEFT_OUT`), group, names, scope and, per version by name, served, storage, deprecation, subresources,
 * printer columns, selectable fields and the whole `openAPIV3Schema`, compared as JSON (lists in
 * order, as the API server stores them) with the API server's defaults applied. The conversion
 * stanza is crdconv's own and not compared, nor the order of the versions (crdconv writes them in
 * priority order; the API server serves them alike in any order). `[]` means faithful.
 *
 * @example
 * ```ts
 * crdDifferences(input, regenerated).map(describeCrdDifference)
 * ```
 */
export function crdDifferences(expected: CrdInput, actual: CrdInput): CrdDifference[] {
  return jsonDifferencesAt(comparable(expected), comparable(actual), { arrays: 'whole' }).map(
    ({ at, expected, actual }) => ({
      path: at
        .slice(0, -1)
        .map((key) => `.${key}`)
        .join(''),
      keyword: at.length === 0 ? '(value)' : String(at.at(-1)),
      expected,
      actual,
    })
  )
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

function comparable(crd: CrdInput): Record<string, unknown> {
  const { spec } = crd
  const kind = String(spec.names['kind'])
  const versions: Record<string, unknown> = {}
  for (const version of spec.versions) {
    versions[version.name] = {
      served: version.served ?? true,
      storage: version.storage ?? false,
      deprecated: version.deprecated ?? false,
      deprecationWarning: version.deprecationWarning,
      subresources: version.subresources,
      additionalPrinterColumns: version.additionalPrinterColumns,
      selectableFields: version.selectableFields,
      schema: { openAPIV3Schema: version.schema?.openAPIV3Schema ?? {} },
    }
  }
  const metadata = planCrdMetadata(crd).crd
  return {
    metadata: { labels: metadata?.labels ?? {}, annotations: metadata?.annotations ?? {} },
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
