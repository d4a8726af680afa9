// Where the fields of an object land when the scheme converts it: each field a marker value that
// survives renames, moves and splits, and each field removed on its own, to see what it changes
// (which follows converters that parse or map a value, where a marker cannot pass).
import { canonicalJson, isPlainObject, type KubeObject } from '@crdconv/webhook/scheme'

/** A path in an object: field names and list indexes. */
export type ObjectPath = (string | number)[]

/** Converts a probe to the storage version; undefined when the converters refuse it. */
export type ToStorage = (object: KubeObject) => KubeObject | undefined

const MARK = /crdconvprobe(\d+)x/g
const NUMBER_MARK = 987_650_000
const token = (id: number) => `crdconvprobe${id}x`
const ENVELOPE = ['metadata', 'apiVersion', 'kind']

/**
 * Marks the value at each of `places` (strings at both ends, so each part of a split keeps it;
 * numbers replaced by one), converts once, and gives the paths where each place's marker is found.
 *
 * @example
 * ```ts
 * markerLandings({ hostPort: 'a:1', ... }, [['hostPort']], toStorage) // Map { 0 => [['host'], ['port']] }
 * ```
 */
export function markerLandings(
  base: KubeObject,
  places: readonly (ObjectPath | undefined)[],
  toStorage: ToStorage
): Map<number, ObjectPath[]> {
  const marked = structuredClone(base)
  const landings = new Map<number, ObjectPath[]>()
  let any = false
  places.forEach((at, id) => {
    if (at === undefined || at.length === 0) return
    const parent = valueAt(marked, at.slice(0, -1)) as Record<string | number, unknown>
    const key = at[at.length - 1]!
    const { value, marks } = mark(parent[key], id)
    if (marks > 0) {
      parent[key] = value
      any = true
    }
  })
  const converted = any ? toStorage(marked) : undefined
  if (converted === undefined) return landings
  const walk = (value: unknown, path: ObjectPath) => {
    const ids = markersIn(value, places.length)
    for (const id of ids) landings.set(id, [...(landings.get(id) ?? []), path])
    if (Array.isArray(value)) value.forEach((item, index) => walk(item, [...path, index]))
    else if (isPlainObject(value)) {
      for (const [key, item] of Object.entries(value)) {
        if (path.length === 0 && ENVELOPE.includes(key)) continue
        walk(item, [...path, key])
      }
    }
  }
  walk(converted, [])
  return landings
}

/** Strings get a marker at both ends (so a split keeps it in each part), numbers become one. */
function mark(value: unknown, id: number): { value: unknown; marks: number } {
  if (typeof value === 'string') return { value: `${token(id)}${value}${token(id)}`, marks: 1 }
  if (typeof value === 'number') return { value: NUMBER_MARK + id, marks: 1 }
  if (Array.isArray(value)) {
    const items = value.map((item) => mark(item, id))
    return {
      value: items.map((item) => item.value),
      marks: items.reduce((sum, item) => sum + item.marks, 0),
    }
  }
  if (isPlainObject(value)) {
    let marks = 0
    const entries = Object.entries(value).map(([key, item]) => {
      const marked = mark(item, id)
      marks += marked.marks
      return [key, marked.value] as const
    })
    return { value: Object.fromEntries(entries), marks }
  }
  return { value, marks: 0 }
}

function markersIn(value: unknown, count: number): number[] {
  if (typeof value === 'number') {
    const id = value - NUMBER_MARK
    return Number.isInteger(id) && id >= 0 && id < count ? [id] : []
  }
  if (typeof value !== 'string') return []
  const ids = new Set<number>()
  for (const match of value.matchAll(MARK)) {
    const id = Number(match[1])
    if (id < count) ids.add(id)
  }
  const asNumber = Number(value) - NUMBER_MARK
  if (value !== '' && Number.isInteger(asNumber) && asNumber >= 0 && asNumber < count)
    ids.add(asNumber)
  return [...ids]
}

/**
 * Removes each field of `places` on its own (list items are left to the markers: removing one
 * shifts the rest), converts, and gives the paths whose values then differ from the conversion
 * of `base` as it is.
 */
export function removalLandings(
  base: KubeObject,
  places: readonly (ObjectPath | undefined)[],
  toStorage: ToStorage
): Map<number, ObjectPath[]> {
  const landings = new Map<number, ObjectPath[]>()
  const baseline = toStorage(base)
  if (baseline === undefined) return landings
  places.forEach((at, id) => {
    const key = at?.[at.length - 1]
    if (at === undefined || typeof key !== 'string') return
    const without = structuredClone(base)
    const parent = valueAt(without, at.slice(0, -1))
    if (!isPlainObject(parent)) return
    delete parent[key]
    const converted = toStorage(without)
    if (converted === undefined) return
    const paths: ObjectPath[] = []
    differences(baseline, converted, [], paths)
    if (paths.length > 0) landings.set(id, paths)
  })
  return landings
}

/** The leaf paths where `a` and `b` differ; an object on one side only counts by its leaves. */
function differences(a: unknown, b: unknown, path: ObjectPath, out: ObjectPath[]): void {
  if (isPlainObject(a) || isPlainObject(b)) {
    const left = isPlainObject(a) ? a : {}
    const right = isPlainObject(b) ? b : {}
    for (const key of new Set([...Object.keys(left), ...Object.keys(right)])) {
      if (path.length === 0 && ENVELOPE.includes(key)) continue
      differences(left[key], right[key], [...path, key], out)
    }
    return
  }
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    a.forEach((item, index) => differences(item, b[index], [...path, index], out))
    return
  }
  if (canonicalJson(a) !== canonicalJson(b)) out.push(path)
}

function valueAt(value: unknown, path: ObjectPath): unknown {
  let current = value
  for (const step of path) current = (current as Record<string | number, unknown>)[step]
  return current
}
