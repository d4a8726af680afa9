// Moves a managedFields field set from one version of a kind to its storage version through the
// scheme's converters: where each owned field of a probe object lands after conversion
// (field-set-probes.ts) is where that field is owned now, written as the storage schema keys it.
import { sameJson } from '@crdconv/webhook/json'
import { canonicalJson, isPlainObject, type KubeObject, type Scheme } from '@crdconv/webhook/scheme'
import { markerLandings, removalLandings, type ObjectPath } from './field-set-probes.ts'
import {
  addPath,
  describeFieldPath,
  emptyFieldSet,
  parseJson,
  type FieldSetNode,
  type PathElement,
} from './field-set.ts'

/** The kind at its storage version: how to convert to it, and the schema its field sets follow. */
export interface StorageTarget {
  readonly scheme: Scheme
  readonly group: string
  readonly storageVersion: string
  /** The storage version's `openAPIV3Schema` (list types and keys, atomic maps). */
  readonly schema: unknown
  /** The versions the scheme can convert from. */
  readonly versions: readonly string[]
}

/** A field set at the storage version, and the fields of the old one that have no place in it. */
export interface ConvertedFieldSet {
  readonly set: FieldSetNode
  readonly dropped: readonly string[]
}

/** One owned node of the old set: where it is in the probe, and whether its list item is owned too. */
interface Owned {
  readonly elements: PathElement[]
  readonly at: ObjectPath | undefined
  readonly inOwnedItem: boolean
}

/**
 * The field set `set`, owned at `version`, as it is owned at the storage version. `live` is the
 * object as stored (at the storage version). A field the converters move is owned at its new
 * path, one they split at each part; one they drop, or one the probe cannot follow and that is
 * not at the same path in `live`, is listed in `dropped`.
 *
 * @example
 * ```ts
 * convertFieldSet(parseFieldSet({ 'f:hostPort': {} })!, 'v1beta1', liveCronTab, target)
 * // → set { 'f:host': {}, 'f:port': {} }, dropped []
 * ```
 */
export function convertFieldSet(
  set: FieldSetNode,
  version: string,
  live: KubeObject,
  target: StorageTarget
): ConvertedFieldSet {
  const base = target.versions.includes(version)
    ? target.scheme.convert(live, `${target.group}/${version}`)
    : undefined
  const probeBase = base?.ok === true ? base.object : undefined
  const owned: Owned[] = []
  collectOwned(set, probeBase, [], [], false, owned)
  const landings =
    probeBase === undefined
      ? undefined
      : probeLandings(
          probeBase,
          owned.map((node) => node.at),
          target
        )
  const result = emptyFieldSet()
  const dropped: string[] = []
  owned.forEach((node, id) => {
    const paths = (landings?.get(id) ?? [])
      .map((path) => storageElements(path, live, target.schema))
      .filter((elements) => elements !== undefined)
    if (paths.length > 0) {
      for (const elements of paths) addOwned(result, elements, node.inOwnedItem, live)
    } else if (existsIn(live, node.elements)) {
      addPath(result, node.elements)
    } else {
      dropped.push(describeFieldPath(node.elements))
    }
  })
  return { set: result, dropped }
}

function collectOwned(
  node: FieldSetNode,
  value: unknown,
  elements: PathElement[],
  at: ObjectPath,
  inOwnedItem: boolean,
  owned: Owned[]
): void {
  for (const [element, child] of node.children) {
    const path = [...elements, element]
    // metadata is the same at every version (and converters may not change most of it)
    const step =
      elements.length === 0 && element === 'f:metadata' ? undefined : locate(value, element)
    const childAt = step === undefined ? undefined : [...at, step.key]
    const isItem = element.startsWith('k:') || element.startsWith('v:')
    if (child.children.size === 0) {
      owned.push({ elements: path, at: childAt, inOwnedItem })
      continue
    }
    // a map owned as a node keeps its place; the fields below it are probed one by one
    if (child.member && !isItem) owned.push({ elements: path, at: undefined, inOwnedItem })
    collectOwned(
      child,
      step?.value,
      path,
      childAt ?? [],
      inOwnedItem || (isItem && child.member),
      owned
    )
  }
}

/**
 * A landing place in the converted probe as field-set elements at the storage version, read
 * against `live` (the probe's lists line up with it) and the storage schema: keyed lists by their
 * keys, sets by value; a list of no declared type, or a map declared atomic, is owned whole.
 */
function storageElements(
  path: ObjectPath,
  live: unknown,
  schema: unknown
): PathElement[] | undefined {
  const elements: PathElement[] = []
  let value = live
  let node = schema
  for (const step of path) {
    if (typeof step === 'string') {
      if (!isPlainObject(value) || !Object.hasOwn(value, step)) return undefined
      elements.push(`f:${step}`)
      value = value[step]
      node = propertySchema(node, step)
      if (isPlainObject(node) && node['x-kubernetes-map-type'] === 'atomic') return elements
      continue
    }
    if (!Array.isArray(value) || step >= value.length) return undefined
    const item: unknown = value[step]
    const listType = isPlainObject(node) ? node['x-kubernetes-list-type'] : undefined
    if (listType === 'set') return [...elements, `v:${JSON.stringify(item)}`]
    if (listType !== 'map' || !isPlainObject(item) || elements.length === 0) return elements
    const keys =
      (isPlainObject(node)
        ? (node['x-kubernetes-list-map-keys'] as string[] | undefined)
        : undefined) ?? []
    const key = Object.fromEntries(
      [...keys]
        .sort()
        .filter((name) => Object.hasOwn(item, name))
        .map((name) => [name, item[name]])
    )
    elements.push(`k:${JSON.stringify(key)}`)
    value = item
    node = isPlainObject(node) ? node['items'] : undefined
  }
  return elements
}

/** Adds a landing; one inside an owned list item owns that item and its keys too, as apply does. */
function addOwned(
  set: FieldSetNode,
  elements: PathElement[],
  inOwnedItem: boolean,
  live: unknown
): void {
  addPath(set, elements)
  if (!inOwnedItem) return
  elements.forEach((element, index) => {
    if (!element.startsWith('k:') && !element.startsWith('v:')) return
    const item = elements.slice(0, index + 1)
    addPath(set, item)
    const key = parseJson(element.slice(2))
    if (element.startsWith('k:') && isPlainObject(key) && existsIn(live, item)) {
      for (const name of Object.keys(key)) addPath(set, [...item, `f:${name}`])
    }
  })
}

function propertySchema(node: unknown, key: string): unknown {
  if (!isPlainObject(node)) return undefined
  const properties = node['properties']
  if (isPlainObject(properties) && Object.hasOwn(properties, key)) return properties[key]
  return isPlainObject(node['additionalProperties']) ? node['additionalProperties'] : undefined
}

/** The child `element` names in `value`: its key (a field name or an index) and its value. */
function locate(
  value: unknown,
  element: PathElement
): { key: string | number; value: unknown } | undefined {
  const rest = element.slice(2)
  if (element.startsWith('f:')) {
    return isPlainObject(value) && Object.hasOwn(value, rest)
      ? { key: rest, value: value[rest] }
      : undefined
  }
  if (!Array.isArray(value)) return undefined
  let index = -1
  if (element.startsWith('i:')) index = Number(rest)
  else if (element.startsWith('v:')) {
    const wanted = canonicalJson(parseJson(rest))
    index = value.findIndex((item) => canonicalJson(item) === wanted)
  } else if (element.startsWith('k:')) {
    const key = parseJson(rest)
    if (!isPlainObject(key)) return undefined
    index = value.findIndex(
      (item) =>
        isPlainObject(item) &&
        Object.entries(key).every(([name, wanted]) => sameJson(item[name], wanted))
    )
  }
  return Number.isInteger(index) && index >= 0 && index < value.length
    ? { key: index, value: value[index] }
    : undefined
}

/** Whether `value` has every step of `elements`. */
export function existsIn(value: unknown, elements: readonly PathElement[]): boolean {
  let current = value
  for (const element of elements) {
    const step = locate(current, element)
    if (step === undefined) return false
    current = step.value
  }
  return true
}

/** Where each owned node lands: by marker, and by what changes when it is removed. */
function probeLandings(
  base: KubeObject,
  places: readonly (ObjectPath | undefined)[],
  target: StorageTarget
): Map<number, ObjectPath[]> {
  const toStorage = (object: KubeObject) => {
    const converted = target.scheme.convert(object, `${target.group}/${target.storageVersion}`)
    return converted.ok ? converted.object : undefined
  }
  const landings = markerLandings(base, places, toStorage)
  for (const [id, paths] of removalLandings(base, places, toStorage)) {
    const known = new Set((landings.get(id) ?? []).map((path) => JSON.stringify(path)))
    const more = paths.filter((path) => !known.has(JSON.stringify(path)))
    landings.set(id, [...(landings.get(id) ?? []), ...more])
  }
  return landings
}
