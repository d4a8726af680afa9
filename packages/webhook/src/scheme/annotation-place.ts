// Fields kept in an annotation of the author's own, as JSON: the format a Go webhook wrote
// (Tekton's `tekton.dev/v1beta1Resources`, Cluster API's `cluster.x-k8s.io/conversion-data`).
import { MAX_INTEGER_DIGITS, parseJson, stringifyJson } from '../json/index.ts'
import { isPlainObject, type KubeObject } from './kube-object.ts'
import type { MoveStep } from './moves/move-steps.ts'
import { valueAt } from './object-draft.ts'

/**
 * What a named annotation holds: `field`, the one field's value as JSON (Tekton's
 * `tekton.dev/v1beta1Resources`); `object`, the whole object of the version the field left, its
 * `metadata` aside, as JSON (Cluster API's `MarshalData` in `cluster.x-k8s.io/conversion-data`),
 * from which each field declared with it is read back at its own path.
 */
export type AnnotationHolds = 'field' | 'object'

/** One field a declared move keeps in a named annotation, as data: what coverage reads. */
export interface AnnotationPlace {
  /** The source version's field, dotted (`spec.resources`). */
  readonly path: string
  /** The annotation's name (`tekton.dev/v1beta1Resources`). */
  readonly annotation: string
  readonly holds: AnnotationHolds
}

/**
 * The value `place` keeps for its field in `object`'s annotations, as it would be read back;
 * `undefined` when the annotation is absent, unreadable, or holds nothing at the field's path.
 *
 * @example
 * ```ts
 * const place = { path: 'spec.resources', annotation: 'tekton.dev/v1beta1Resources', holds: 'field' } as const
 * annotationPlaceValue({ metadata: { annotations: { 'tekton.dev/v1beta1Resources': '{"inputs":[]}' } } }, place)
 * // → { inputs: [] }
 * ```
 */
export function annotationPlaceValue(object: unknown, place: AnnotationPlace): unknown {
  const held = heldIn(object, place.annotation)
  if (held === undefined) return undefined
  return place.holds === 'field' ? held.value : valueAt(held.value, place.path)
}

/** The annotation's JSON, parsed; `undefined` when it is absent or not JSON. */
function heldIn(object: unknown, name: string): { readonly value: unknown } | undefined {
  const metadata = isPlainObject(object) ? object['metadata'] : undefined
  const annotations = isPlainObject(metadata) ? metadata['annotations'] : undefined
  const text = isPlainObject(annotations) ? annotations[name] : undefined
  if (typeof text !== 'string') return undefined
  try {
    return { value: parseJson(text, { maxIntegerDigits: MAX_INTEGER_DIGITS }) }
  } catch {
    return undefined
  }
}

/**
 * The way there: the field leaves the object and its annotation is written with it (the
 * field's JSON, or the whole object as it came without `metadata`). An absent field writes
 * nothing, and leaves an annotation already there as it is.
 */
export function annotationKeepStep(place: AnnotationPlace): MoveStep {
  return {
    label: `removed ${place.path} into annotation ${place.annotation}`,
    reads: [place.path],
    writes: [],
    apply: (source, run) => {
      const value = valueAt(source, place.path)
      if (value === undefined) return []
      const { metadata: _metadata, ...whole } = source
      run.annotations.set(place.annotation, stringifyJson(place.holds === 'field' ? value : whole))
      return []
    },
  }
}

/**
 * The way back: the field is read back from its annotation and the annotation leaves the
 * object. An annotation that is not JSON stays where it is, nothing lost, and gives nothing.
 */
export function annotationRestoreStep(place: AnnotationPlace): MoveStep {
  return {
    label: `restored ${place.path} from annotation ${place.annotation}`,
    reads: [],
    writes: [place.path],
    apply: (source, run) => {
      if (heldIn(source, place.annotation) === undefined) return []
      run.annotations.set(place.annotation, undefined)
      const value = annotationPlaceValue(source, place)
      return value === undefined ? [] : [{ path: place.path, value }]
    },
  }
}

/** `object` with the annotations a run set (a text) or took out (`undefined`). */
export function withAnnotations(
  object: KubeObject,
  changes: ReadonlyMap<string, string | undefined>
): KubeObject {
  if (changes.size === 0) return object
  const metadata = isPlainObject(object.metadata) ? object.metadata : {}
  const annotations: Record<string, string> = isPlainObject(metadata.annotations)
    ? { ...metadata.annotations }
    : {}
  for (const [name, text] of changes) {
    if (text === undefined) delete annotations[name]
    else annotations[name] = text
  }
  return { ...object, metadata: { ...metadata, annotations } }
}
