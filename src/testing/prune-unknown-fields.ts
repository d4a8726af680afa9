import { isPlainObject } from '../scheme/index.ts'
import { mergeAllOf, resolveRef, type JsonSchema } from './json-schema-arbitrary.ts'

const KEPT_AT_TOP = new Set(['apiVersion', 'kind', 'metadata'])

/**
 * `object` as the API server stores it at the version `schema` describes: fields the schema
 * does not declare are dropped wherever it does not let unknown fields in (no
 * `additionalProperties`, as with `z.object`; `z.looseObject` keeps them), the way the API
 * server prunes a structural schema without `x-kubernetes-preserve-unknown-fields`.
 * `apiVersion`, `kind` and `metadata` always stay.
 *
 * @example
 * ```ts
 * const schema = z.toJSONSchema(z.object({ spec: z.object({ size: z.int() }) }), { io: 'input' })
 * pruneUnknownFields({ kind: 'Widget', spec: { size: 1, old: true } }, schema)
 * // → { kind: 'Widget', spec: { size: 1 } }
 * ```
 */
export function pruneUnknownFields(object: unknown, schema: JsonSchema): unknown {
  if (!isPlainObject(object)) return object
  const pruned = prune(object, schema, schema, 0)
  if (!isPlainObject(pruned)) return pruned
  const top: Record<string, unknown> = {}
  for (const key of Object.keys(object)) {
    if (KEPT_AT_TOP.has(key)) top[key] = object[key]
    else if (Object.hasOwn(pruned, key)) top[key] = pruned[key]
  }
  return top
}

function prune(value: unknown, schema: JsonSchema, root: JsonSchema, depth: number): unknown {
  if (typeof schema === 'boolean' || depth > 64) return value
  if (typeof schema['$ref'] === 'string') {
    return prune(value, resolveRef(root, schema['$ref']), root, depth + 1)
  }
  if (Array.isArray(schema['allOf'])) {
    return prune(value, mergeAllOf(schema['allOf'] as JsonSchema[]), root, depth + 1)
  }
  if (Array.isArray(value)) {
    const items = schema['items']
    if (items === undefined || typeof items === 'boolean') return value
    return value.map((item) => prune(item, items as JsonSchema, root, depth + 1))
  }
  if (!isPlainObject(value)) return value
  // only an object schema prunes; a union is not a structural schema: nothing to prune by
  if (schema['type'] !== 'object' && !isPlainObject(schema['properties'])) return value
  if (schema['anyOf'] !== undefined || schema['oneOf'] !== undefined) return value
  const properties = isPlainObject(schema['properties']) ? schema['properties'] : {}
  const additional = schema['additionalProperties']
  const result: Record<string, unknown> = {}
  for (const [key, member] of Object.entries(value)) {
    if (Object.hasOwn(properties, key)) {
      result[key] = prune(member, properties[key] as JsonSchema, root, depth + 1)
    } else if (additional !== undefined && additional !== false) {
      result[key] = prune(member, additional as JsonSchema, root, depth + 1)
    }
  }
  return result
}
