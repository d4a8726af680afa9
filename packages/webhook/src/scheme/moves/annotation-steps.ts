// The steps of a move that keeps a field in a named annotation, and the annotations a run changed.
import { stringifyJson } from '../../json/index.ts'
import { annotationJson, annotationPlaceValue, type AnnotationPlace } from '../annotation-place.ts'
import { isPlainObject, type KubeObject } from '../kube-object.ts'
import { valueAt } from '../object-draft.ts'
import type { MoveStep } from './move-steps.ts'

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
      if (annotationJson(source, place.annotation) === undefined) return []
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
