// Fields kept in an annotation of the author's own, as JSON: the format a Go webhook wrote
// (Tekton's `tekton.dev/v1beta1Resources`, Cluster API's `cluster.x-k8s.io/conversion-data`).
import { MAX_INTEGER_DIGITS, parseJson } from '../json/index.ts'
import { isPlainObject } from './kube-object.ts'
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
  const held = annotationJson(object, place.annotation)
  if (held === undefined) return undefined
  return place.holds === 'field' ? held.value : valueAt(held.value, place.path)
}

/** The annotation's JSON, parsed; `undefined` when it is absent or not JSON. */
export function annotationJson(
  object: unknown,
  name: string
): { readonly value: unknown } | undefined {
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
