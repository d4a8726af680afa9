import type { $ZodType } from 'zod/v4/core'
import { isPlainObject } from '../kube-object.ts'
import { closedCatchall, schemaBranches } from '../zod-branches.ts'
import { canonicalJson } from './stable-hash.ts'

/**
 * What a zod schema says about one place of an object, as far as the API server's rewrites go:
 * the fields it declares, the schema of a map's values or a
 * list's items, and the default the API server fills in.
 */
interface Place {
  readonly fields: ReadonlyMap<string, $ZodType>
  /** Whether the API server drops fields `fields` does not name. */
  readonly closed: boolean
  readonly values: $ZodType | undefined
  readonly items: $ZodType | undefined
  /** `canonicalJson` of the default, when the place has one. */
  readonly defaultJson: string | undefined
}

const ANY_PLACE: Place = {
  fields: new Map(),
  closed: false,
  values: undefined,
  items: undefined,
  defaultJson: undefined,
}
const places = new WeakMap<$ZodType, Place>()

/**
 * `value` reduced to what survives the API server's rewrites of an object at the version whose
 * schema is `schema`: without `null` members, without members equal to their default, without
 * fields the schema does not declare (where it prunes), and without the objects this leaves
 * empty. Two objects the API server stores alike reduce alike, so a fingerprint of this form
 * holds across pruning and defaulting. Without a schema only nulls and empty objects go.
 *
 * @example
 * ```ts
 * storedForm({ spec: { legacy: {}, replicas: 1 } }, z.object({ spec: z.object({ replicas: z._default(z.int(), 1) }) }))
 * // → {}
 * ```
 */
export function storedForm(value: unknown, schema: $ZodType | undefined): unknown {
  return reduce(value, schema === undefined ? ANY_PLACE : placeOf(schema)) ?? {}
}

function reduce(value: unknown, place: Place): unknown {
  if (Array.isArray(value)) {
    const items = place.items === undefined ? ANY_PLACE : placeOf(place.items)
    return value.map((item) => (isPlainObject(item) ? (reduce(item, items) ?? {}) : item))
  }
  if (!isPlainObject(value)) return value === null ? undefined : value
  const reduced: Record<string, unknown> = {}
  let kept = 0
  for (const key of Object.keys(value)) {
    const member = value[key]
    if (member === null || member === undefined) continue
    const declared = place.fields.get(key) ?? place.values
    if (declared === undefined && place.closed) continue
    const inner = declared === undefined ? ANY_PLACE : placeOf(declared)
    const form = reduce(member, inner)
    if (form === undefined) continue
    if (inner.defaultJson !== undefined && canonicalJson(form) === inner.defaultJson) continue
    reduced[key] = form
    kept += 1
  }
  return kept === 0 ? undefined : reduced
}

function placeOf(schema: $ZodType): Place {
  let place = places.get(schema)
  if (place === undefined) {
    place = describe(schema)
    places.set(schema, place)
  }
  return place
}

function describe(schema: $ZodType): Place {
  const { branches: found, defaults } = schemaBranches(schema)
  const objects = found.filter((definition) => definition.type === 'object')
  // a field any object branch declares is kept; a branch that keeps unknown fields keeps all
  const closed =
    objects.length > 0 &&
    objects.length === found.filter((definition) => definition.type !== 'array').length &&
    objects.every(closedCatchall)
  const fields = new Map<string, $ZodType>()
  for (const object of objects) {
    for (const [key, field] of Object.entries(object.shape ?? {})) {
      if (!fields.has(key)) fields.set(key, field)
    }
  }
  const record = found.find((definition) => definition.type === 'record')
  const array = found.find((definition) => definition.type === 'array')
  const defaultValue = defaults[0]
  return {
    fields,
    closed,
    values: record?.valueType,
    items: array?.element,
    defaultJson:
      defaults.length === 0 || typeof defaultValue === 'function'
        ? undefined
        : canonicalJson(storedForm(defaultValue, undefined)),
  }
}
