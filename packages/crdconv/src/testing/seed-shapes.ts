// What the seeds hold at each place, by the place's name with list indexes left out
// (`.spec.tasks[].taskSpec.steps[]`): the values the kit grafts, adds and combines there.
import { canonicalJson, isPlainObject, type KubeObject } from '@crdconv/webhook/scheme'

/** A place in an object, key by key and index by index: `['spec', 'tasks', 0]`. */
export type Place = readonly (string | number)[]

// the API server's own at the top of an object: the kit does not grow them
const FRAMEWORK_FIELDS = new Set(['apiVersion', 'kind', 'metadata'])

/** The values seen at each place name in every seed, whole subtrees and scalars alike. */
export interface ShapePool {
  /** Values seen at a place name, each once (`.spec.tasks[]` → every task of every seed). */
  readonly values: ReadonlyMap<string, readonly unknown[]>
  /** Keys seen in objects at a place name (`.spec.tasks[].taskSpec.steps[]` → `name`, `resources`, …). */
  readonly keys: ReadonlyMap<string, readonly string[]>
}

/** `.spec.tasks[].name` of `['spec', 'tasks', 3, 'name']`. */
export function placeName(place: Place): string {
  return place.map((step) => (typeof step === 'number' ? '[]' : `.${step}`)).join('')
}

/** Every place below the top of `object` (its framework fields aside), outermost first, with its value. */
export function placesOf(object: unknown): { place: Place; value: unknown }[] {
  const found: { place: Place; value: unknown }[] = []
  const visit = (value: unknown, place: (string | number)[]): void => {
    if (place.length > 0) found.push({ place: [...place], value })
    if (Array.isArray(value)) value.forEach((item, index) => visit(item, [...place, index]))
    else if (isPlainObject(value)) {
      for (const [key, member] of Object.entries(value)) {
        if (place.length === 0 && FRAMEWORK_FIELDS.has(key)) continue
        visit(member, [...place, key])
      }
    }
  }
  visit(object, [])
  return found
}

/**
 * The pool of `objects`: every value and object key seen at each place name, from every version
 * (an opaque subtree is usually the same type at every version, so its shapes carry over).
 */
export function shapePool(objects: readonly KubeObject[]): ShapePool {
  const values = new Map<string, unknown[]>()
  const seen = new Map<string, Set<string>>()
  const keys = new Map<string, string[]>()
  for (const object of objects) {
    const top = keys.get('') ?? []
    for (const key of Object.keys(object)) {
      if (!FRAMEWORK_FIELDS.has(key) && !top.includes(key)) top.push(key)
    }
    keys.set('', top)
    for (const { place, value } of placesOf(object)) {
      const name = placeName(place)
      const json = canonicalJson(value)
      const known = seen.get(name) ?? new Set<string>()
      if (!known.has(json)) {
        known.add(json)
        seen.set(name, known)
        values.set(name, [...(values.get(name) ?? []), value])
      }
      if (isPlainObject(value)) {
        const list = keys.get(name) ?? []
        for (const key of Object.keys(value)) if (!list.includes(key)) list.push(key)
        keys.set(name, list)
      }
    }
  }
  return { values, keys }
}
