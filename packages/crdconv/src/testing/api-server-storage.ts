import { jsonCopy } from '@crdconv/webhook/json'
import { isPlainObject } from '@crdconv/webhook/scheme'
import type { JsonSchema } from './json-schema-arbitrary.ts'
import { pruneUnknownFields } from './prune-unknown-fields.ts'

/**
 * `object` as the API server keeps it at the version whose structural schema is `schema`, what
 * the next review (and every reader) gets after a webhook's answer: fields the schema does not
 * declare pruned (`pruneUnknownFields`), `null` where the schema allows none dropped, unless a
 * default replaces it, and every `default` filled in where its object is there, inside list items
 * and map values too, and inside the defaults it fills in. The input is not changed.
 *
 * @example
 * ```ts
 * const schema = toCrdSchema(z.object({ spec: z.object({ replicas: z._default(z.int(), 1) }) })).openAPIV3Schema
 * storedByApiServer({ kind: 'Widget', spec: { old: true } }, schema)
 * // → { kind: 'Widget', spec: { replicas: 1 } }
 * ```
 */
export function storedByApiServer(object: unknown, schema: JsonSchema | boolean): unknown {
  const pruned = pruneUnknownFields(object, schema)
  if (typeof schema === 'boolean') return pruned
  const copy = jsonCopy(pruned)
  applyDefaults(copy, schema)
  return copy
}

const NULLABLE = 'nullable'

/** Fills in `schema`'s defaults in `value` in place, and drops the nulls it does not allow. */
function applyDefaults(value: unknown, schema: JsonSchema): void {
  if (Array.isArray(value)) {
    const items = schema['items']
    if (isPlainObject(items)) for (const item of value) applyDefaults(item, items)
    return
  }
  if (!isPlainObject(value)) return
  const properties = isPlainObject(schema['properties']) ? schema['properties'] : {}
  for (const [key, property] of Object.entries(properties)) {
    if (!isPlainObject(property)) continue
    const member = value[key]
    const nullRefused = member === null && property[NULLABLE] !== true
    if (Object.hasOwn(property, 'default') && (member === undefined || nullRefused)) {
      value[key] = jsonCopy(property['default'])
    } else if (nullRefused) {
      delete value[key]
    }
  }
  const additional = schema['additionalProperties']
  for (const [key, member] of Object.entries(value)) {
    const property = Object.hasOwn(properties, key) ? properties[key] : additional
    if (isPlainObject(property)) applyDefaults(member, property)
  }
}
