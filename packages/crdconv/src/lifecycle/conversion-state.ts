// The state conversions leave on stored objects: crdconv's stash annotation, the annotations the
// scheme's converters declare as places (an earlier webhook's), and the ones a user names; which
// of them an object carries, and which still hold data the served version has nowhere else.
import {
  annotationPlaceValue,
  describeObject,
  isPlainObject,
  stashAnnotationKey,
  type AnnotationPlace,
  type KubeObject,
  type Resource,
} from '@crdconv/webhook/scheme'

/** A declared place and the version whose field it holds (the source of its converter). */
export interface SourcedPlace extends AnnotationPlace {
  readonly version: string
}

/** Every annotation in which a resource's conversions keep state, by name. */
export interface StateAnnotations {
  /** crdconv's stash: `<group>/conversion-stash`. */
  readonly stash: string
  /** The places the scheme's converters declare (`move.removed(path, { annotation })`). */
  readonly places: readonly SourcedPlace[]
  /** Every name to remove: the stash, each declared place's annotation, each named one, once. */
  readonly names: readonly string[]
}

/** State an object still holds for the version that is served: removing it would lose data. */
export interface NeededState {
  /** `namespace/name`. */
  readonly object: string
  readonly annotation: string
  readonly version: string
  /** The fields it holds that the object does not have itself. */
  readonly fields: readonly string[]
}

/** What one object carries: the state annotations to remove, and what must not go. */
export interface ObjectState {
  readonly carried: readonly string[]
  readonly needed: readonly NeededState[]
}

/**
 * The state annotations of `resource`: its stash, the places its converters declare, and `named`
 * (an earlier webhook's annotation the scheme never declared, or no longer does once its
 * converters are gone).
 *
 * @example
 * ```ts
 * stateAnnotations(pool, ['takeover.crdconv.dev/conversion-data']).names
 * // ['takeover.crdconv.dev/conversion-stash', 'takeover.crdconv.dev/conversion-data']
 * ```
 */
export function stateAnnotations(resource: Resource, named: readonly string[]): StateAnnotations {
  const stash = stashAnnotationKey(resource.group)
  const places = resource.converters.flatMap((converter) =>
    (converter.annotationPlaces ?? []).map((place) => ({ ...place, version: converter.from }))
  )
  const names = [...new Set([stash, ...places.map((place) => place.annotation), ...named])]
  return { stash, places, names }
}

/**
 * Which of `state`'s annotations `object` carries, and which of them still hold fields for
 * `served` (the one version served) that the object lacks: a stash entry kept for it (its
 * restore never ran), or a declared place of a converter from it whose field the object misses.
 *
 * @example
 * ```ts
 * const { carried, needed } = objectState(object, stateAnnotations(cronTab, []), 'v1')
 * if (needed.length === 0 && carried.length > 0) write(withoutAnnotations(object, carried))
 * ```
 */
export function objectState(
  object: KubeObject,
  state: StateAnnotations,
  served: string
): ObjectState {
  const annotations = annotationsOf(object)
  const carried = state.names.filter((name) => Object.hasOwn(annotations, name))
  if (carried.length === 0) return { carried, needed: [] }
  const label = describeObject(object)
  const needed: NeededState[] = []
  const stashed = stashedFieldsFor(annotations[state.stash], served)
  if (stashed.length > 0) {
    needed.push({ object: label, annotation: state.stash, version: served, fields: stashed })
  }
  for (const place of state.places) {
    if (place.version !== served || !Object.hasOwn(annotations, place.annotation)) continue
    if (annotationPlaceValue(object, place) === undefined) continue
    if (fieldAt(object, place.path) !== undefined) continue
    needed.push({
      object: label,
      annotation: place.annotation,
      version: served,
      fields: [place.path],
    })
  }
  return { carried, needed: mergeByAnnotation(needed) }
}

/** `object` without the annotations `names`; the annotations map goes too once empty. */
export function withoutAnnotations(object: KubeObject, names: readonly string[]): KubeObject {
  const metadata = isPlainObject(object.metadata) ? object.metadata : {}
  const annotations = { ...annotationsOf(object) }
  for (const name of names) delete annotations[name]
  const { annotations: _old, ...rest } = metadata
  return {
    ...object,
    metadata: Object.keys(annotations).length === 0 ? rest : { ...rest, annotations },
  }
}

/** The field names of the stash entry kept for `version`; none when absent or unreadable. */
function stashedFieldsFor(text: string | undefined, version: string): string[] {
  if (text === undefined) return []
  let stash: unknown
  try {
    stash = JSON.parse(text)
  } catch {
    return []
  }
  const entry = isPlainObject(stash) ? stash[version] : undefined
  const fields = isPlainObject(entry) ? entry['fields'] : undefined
  return isPlainObject(fields) ? Object.keys(fields) : []
}

function mergeByAnnotation(needed: readonly NeededState[]): NeededState[] {
  const merged = new Map<string, NeededState>()
  for (const one of needed) {
    const before = merged.get(one.annotation)
    merged.set(
      one.annotation,
      before === undefined ? one : { ...before, fields: [...before.fields, ...one.fields] }
    )
  }
  return [...merged.values()]
}

function annotationsOf(object: KubeObject): Readonly<Record<string, string>> {
  const metadata = object.metadata
  if (!isPlainObject(metadata) || !isPlainObject(metadata.annotations)) return {}
  return metadata.annotations as Readonly<Record<string, string>>
}

function fieldAt(object: unknown, path: string): unknown {
  let value = object
  for (const name of path.split('.')) value = isPlainObject(value) ? value[name] : undefined
  return value
}
