// The places of a structural schema that say nothing of their shape: what objects generated from
// the schema cannot exercise, and what only examples or recorded objects can.
import { isPlainObject } from '@crdconv/webhook/scheme'
import {
  EMBEDDED,
  INT_OR_STRING,
  PRESERVE,
  ROOT_FIELDS,
  label,
  type SchemaProps,
} from './schema-props.ts'

/** Why a place is opaque: unknown fields kept, an embedded object of any kind, an int or a string. */
export const OPAQUE_KINDS = [
  'preserve-unknown-fields',
  'embedded-resource',
  'int-or-string',
] as const

export type OpaqueKind = (typeof OPAQUE_KINDS)[number]

/** One opaque place of a schema. */
export interface OpaqueSubtree {
  /** `.spec.tasks[].taskSpec`, `.spec.template`, `(root)`: as crdconv's messages name fields. */
  readonly field: string
  readonly kind: OpaqueKind
  /** Properties it declares beside what it keeps unknown (`preserve-unknown-fields` only). */
  readonly declared: readonly string[]
}

const FRAMEWORK_FIELDS: readonly string[] = ROOT_FIELDS

/** The name `x-kubernetes-…` of an opaque kind, as the CRD spells it. */
export function opaqueKeyword(kind: OpaqueKind): string {
  return kind === 'preserve-unknown-fields'
    ? PRESERVE
    : kind === 'embedded-resource'
      ? EMBEDDED
      : INT_OR_STRING
}

/**
 * Every opaque place of a structural schema (`openAPIV3Schema`), outermost first: nodes with
 * `x-kubernetes-preserve-unknown-fields` (with the properties they declare beside),
 * `x-kubernetes-embedded-resource` and `x-kubernetes-int-or-string`. `metadata` at the top is
 * the API server's and left out.
 *
 * @example
 * ```ts
 * opaqueSubtrees(toCrdSchema(z.object({ spec: z.looseObject({}) })).openAPIV3Schema)
 * // [{ field: '.spec', kind: 'preserve-unknown-fields', declared: [] }]
 * ```
 */
export function opaqueSubtrees(schema: SchemaProps): OpaqueSubtree[] {
  const found: OpaqueSubtree[] = []
  const visit = (node: SchemaProps, field: string): void => {
    const properties = isPlainObject(node['properties']) ? node['properties'] : {}
    if (node[EMBEDDED] === true)
      found.push({ field: label(field), kind: 'embedded-resource', declared: [] })
    else if (node[PRESERVE] === true) {
      const declared = Object.keys(properties).filter(
        (name) => field !== '' || !FRAMEWORK_FIELDS.includes(name)
      )
      found.push({ field: label(field), kind: 'preserve-unknown-fields', declared })
    }
    if (node[INT_OR_STRING] === true)
      found.push({ field: label(field), kind: 'int-or-string', declared: [] })
    for (const [name, child] of Object.entries(properties)) {
      if (field === '' && FRAMEWORK_FIELDS.includes(name)) continue
      if (isPlainObject(child)) visit(child, `${field}.${name}`)
    }
    if (isPlainObject(node['items'])) visit(node['items'], `${field}[]`)
    if (isPlainObject(node['additionalProperties'])) {
      visit(node['additionalProperties'], `${field}[*]`)
    }
  }
  visit(schema, '')
  return found
}
