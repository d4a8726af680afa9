// How the round-trip kit compares an object with what came back of it. One rule, used by the
// kit's own checks and by the round trips through a deployed entry, so `npm test` and `crdconv
// check` accept and refuse the same answers.
import { jsonCopy } from '@crdconv/webhook/json'
import { jsonDifferences, type JsonDifference } from '@crdconv/webhook/json'
import { isPlainObject, stashAnnotationKey } from '@crdconv/webhook/scheme'

export interface RoundTripComparisonOptions {
  /**
   * The group whose stash annotation (`<group>/conversion-stash`) is left out of the comparison:
   * where two paths keep what they must each in their own stash entries, only what users see has
   * to agree. By default the annotation counts like any other.
   */
  readonly ignoringStashOf?: string
}

/**
 * Where `returned` differs from `original` as the round-trip kit counts it: as JSON, where empty
 * `labels`, `annotations` or `metadata` are the same as absent ones (Kubernetes does not tell them
 * apart: `omitempty`). An empty list means the round trip gave the object back.
 *
 * @example
 * ```ts
 * roundTripDifferences(
 *   { kind: 'CronTab', metadata: { name: 'a' } },
 *   { kind: 'CronTab', metadata: { name: 'a', annotations: {} } }
 * ) // → []
 * ```
 */
export function roundTripDifferences(
  original: unknown,
  returned: unknown,
  options: RoundTripComparisonOptions = {}
): JsonDifference[] {
  const stashKey =
    options.ignoringStashOf === undefined ? undefined : stashAnnotationKey(options.ignoringStashOf)
  return jsonDifferences(asKept(original, stashKey), asKept(returned, stashKey))
}

/** The object as the API server keeps it: JSON, without empty `labels`, `annotations` or `metadata`. */
function asKept(object: unknown, dropAnnotation: string | undefined): unknown {
  const copy = jsonCopy(object)
  if (!isPlainObject(copy)) return copy
  const metadata = copy['metadata']
  if (!isPlainObject(metadata)) return copy
  if (dropAnnotation !== undefined && isPlainObject(metadata['annotations'])) {
    delete metadata['annotations'][dropAnnotation]
  }
  for (const field of ['labels', 'annotations'] as const) {
    const map = metadata[field]
    if (isPlainObject(map) && Object.keys(map).length === 0) delete metadata[field]
  }
  if (Object.keys(metadata).length === 0) delete copy['metadata']
  return copy
}
