import { annotationPlaceValue, isPlainObject, type AnnotationPlace } from '@crdconv/webhook/scheme'
import { isZeroValue, typedEquality, type TypedEquality } from './go-typed-equality.ts'

/**
 * How the two answers for one object differ at one place: a field only one side has (`only-crdconv`,
 * `only-webhook`), a value that differs, one that differs only as Go's typed decoding writes it
 * (`zero-value`, `quantity`, `timestamp`: the same to the API server), or a state annotation of
 * one side (crdconv's stash, the webhook's own), which is each side's business.
 */
export type DifferenceKind = 'only-crdconv' | 'only-webhook' | 'value' | TypedEquality | 'state'

/** The kinds that are a real difference: the other kinds are shown apart and never fail. */
export const REAL_DIFFERENCES: ReadonlySet<DifferenceKind> = new Set([
  'only-crdconv',
  'only-webhook',
  'value',
])

export interface FieldDifference {
  readonly kind: DifferenceKind
  /** `spec.replicas`, `metadata.annotations["example.com/x"]`, `status.conditions[0].reason`. */
  readonly path: string
  readonly crdconv: unknown
  readonly webhook: unknown
}

/**
 * Where crdconv's converted object and the webhook's differ, as the API server sees them: of the
 * metadata only labels and annotations count (it ignores the rest of a webhook's metadata), and
 * the annotations named in `stateAnnotations` are reported as `state`. A state annotation the
 * scheme declares as the place of fields (`places`) is the same state where it gives back the
 * same value for each of them, as the way back reads it: absent on one side and holding the
 * field's zero value on the other (Go writes its annotation on every object) is no difference.
 *
 * @example
 * ```ts
 * answerDifferences({ spec: { size: 0, memory: '1Gi' } }, { spec: { memory: '1024Mi' } }, new Set())
 * // → [{ kind: 'zero-value', path: 'spec.size', ... }, { kind: 'quantity', path: 'spec.memory', ... }]
 * ```
 */
export function answerDifferences(
  crdconv: Readonly<Record<string, unknown>>,
  webhook: Readonly<Record<string, unknown>>,
  stateAnnotations: ReadonlySet<string>,
  places: readonly AnnotationPlace[] = []
): FieldDifference[] {
  const found: FieldDifference[] = []
  const visit = (path: string, left: unknown, right: unknown): void => {
    if (left === right) return
    if (left === undefined || right === undefined) {
      const kind = isZeroValue(left ?? right)
        ? 'zero-value'
        : left === undefined
          ? 'only-webhook'
          : 'only-crdconv'
      found.push({ kind, path, crdconv: left, webhook: right })
      return
    }
    if (isPlainObject(left) && isPlainObject(right)) {
      for (const key of unionKeys(left, right)) visit(member(path, key), left[key], right[key])
      return
    }
    if (Array.isArray(left) && Array.isArray(right) && left.length === right.length) {
      left.forEach((item, index) => visit(`${path}[${index}]`, item, right[index]))
      return
    }
    if (JSON.stringify(left) === JSON.stringify(right)) return
    const kind =
      isZeroValue(left) && isZeroValue(right)
        ? 'zero-value'
        : (typedEquality(left, right) ?? 'value')
    found.push({ kind, path, crdconv: left, webhook: right })
  }
  const { metadata: leftMetadata, ...leftBody } = crdconv
  const { metadata: rightMetadata, ...rightBody } = webhook
  visit('', leftBody, rightBody)
  const metadataPart = (metadata: unknown, part: string): Record<string, unknown> => {
    const value = isPlainObject(metadata) ? metadata[part] : undefined
    return isPlainObject(value) ? value : {}
  }
  visit(
    'metadata.labels',
    metadataPart(leftMetadata, 'labels'),
    metadataPart(rightMetadata, 'labels')
  )
  const leftAnnotations = metadataPart(leftMetadata, 'annotations')
  const rightAnnotations = metadataPart(rightMetadata, 'annotations')
  for (const key of unionKeys(leftAnnotations, rightAnnotations)) {
    const path = member('metadata.annotations', key)
    const [left, right] = [leftAnnotations[key], rightAnnotations[key]]
    if (!stateAnnotations.has(key)) visit(path, left, right)
    else if (
      !sameState(
        left,
        right,
        places.filter((place) => place.annotation === key)
      )
    )
      found.push({ kind: 'state', path, crdconv: left, webhook: right })
  }
  return found
}

/**
 * Two state annotations hold the same state: the same value at each declared place of theirs,
 * else (no place declared) the same text, or JSON that differs only as Go writes it.
 */
function sameState(left: unknown, right: unknown, places: readonly AnnotationPlace[]): boolean {
  if (left === right) return true
  if (places.length > 0) {
    const heldAt = (text: unknown, place: AnnotationPlace) =>
      annotationPlaceValue({ metadata: { annotations: { [place.annotation]: text } } }, place)
    return places.every((place) =>
      answerDifferences(
        { value: heldAt(left, place) },
        { value: heldAt(right, place) },
        new Set()
      ).every((difference) => !REAL_DIFFERENCES.has(difference.kind))
    )
  }
  const parse = (text: unknown): unknown => {
    try {
      return typeof text === 'string' ? JSON.parse(text) : undefined
    } catch {
      return undefined
    }
  }
  const [leftState, rightState] = [parse(left), parse(right)]
  if (!isPlainObject(leftState) || !isPlainObject(rightState)) return false
  const inner = answerDifferences(leftState, rightState, new Set())
  return inner.every((difference) => !REAL_DIFFERENCES.has(difference.kind))
}

function unionKeys(left: object, right: object): string[] {
  return [...new Set([...Object.keys(left), ...Object.keys(right)])]
}

function member(path: string, key: string): string {
  const name = /^[A-Za-z_$][\w$-]*$/.test(key) ? key : `[${JSON.stringify(key)}]`
  if (path === '') return name
  return name.startsWith('[') ? `${path}${name}` : `${path}.${name}`
}
