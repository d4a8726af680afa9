import { isPlainObject } from '@crdconv/webhook/scheme'
import type { JsonSchema } from './json-schema-arbitrary.ts'

const KEPT_AT_TOP = new Set(['apiVersion', 'kind', 'metadata'])
const PRESERVE = 'x-kubernetes-preserve-unknown-fields'

/**
 * `object` as the API server stores it at the version whose structural schema is `schema` (the
 * CRD's `openAPIV3Schema`): fields the schema does not declare are dropped, except below
 * `x-kubernetes-preserve-unknown-fields` (as `z.looseObject` writes it) and in maps
 * (`additionalProperties`). `apiVersion`, `kind` and `metadata` always stay, at the top and in
 * an `x-kubernetes-embedded-resource`.
 *
 * @example
 * ```ts
 * const schema = toCrdSchema(z.object({ spec: z.object({ size: z.int() }) })).openAPIV3Schema
 * pruneUnknownFields({ kind: 'Widget', spec: { size: 1, old: true } }, schema)
 * // → { kind: 'Widget', spec: { size: 1 } }
 * ```
 */
export function pruneUnknownFields(object: unknown, schema: JsonSchema | boolean): unknown {
  // `true` (any value) and `false` leave nothing to prune by
  return typeof schema === 'boolean' ? object : prune(object, schema, true)
}

function prune(value: unknown, schema: JsonSchema, resource: boolean): unknown {
  if (Array.isArray(value)) {
    const items = schema['items']
    if (!isPlainObject(items)) return value
    return value.map((item) => prune(item, items, false))
  }
  if (!isPlainObject(value) || schema['type'] !== 'object') return value
  const properties = isPlainObject(schema['properties']) ? schema['properties'] : {}
  const additional = schema['additionalProperties']
  const keepsUnknown = schema[PRESERVE] === true || additional === true
  const framed = resource || schema['x-kubernetes-embedded-resource'] === true
  const result: Record<string, unknown> = {}
  for (const [key, member] of Object.entries(value)) {
    if (framed && KEPT_AT_TOP.has(key)) result[key] = member
    else if (Object.hasOwn(properties, key)) {
      result[key] = prune(member, properties[key] as JsonSchema, false)
    } else if (isPlainObject(additional)) result[key] = prune(member, additional, false)
    else if (keepsUnknown) result[key] = member
  }
  return result
}
