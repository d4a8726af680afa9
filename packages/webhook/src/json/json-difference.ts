import { stringifyJson } from './lossless-stringify.ts'
import { isPlainObject } from './plain-object.ts'
import { sameJson } from './same-json.ts'

/** One place where two JSON values differ; `undefined` means absent. */
export interface JsonDifference {
  /** Dotted path with `[index]` for array items, `(root)` for the whole value. */
  readonly path: string
  readonly expected: unknown
  readonly actual: unknown
}

/** One place where two JSON values differ, as the keys and indexes that lead to it. */
export interface JsonDifferenceAt {
  /** Keys and array indexes from the root; `[]` for the whole value. */
  readonly at: readonly (string | number)[]
  readonly expected: unknown
  readonly actual: unknown
}

/** How far {@link jsonDifferencesAt} walks. */
export interface JsonDifferenceOptions {
  /** At most this many places (default: all). */
  readonly limit?: number
  /**
   * `'items'` (the default) walks into two arrays of the same length item by item; `'whole'`
   * reports an array that differs as one place, as a CRD's lists are compared.
   */
  readonly arrays?: 'items' | 'whole'
}

/**
 * Where `actual` differs from `expected`, outermost first, as paths of keys and indexes: objects
 * are walked member by member, other values compared with {@link sameJson}.
 *
 * @example
 * ```ts
 * jsonDifferencesAt({ spec: { ports: [1, 2] } }, { spec: { ports: [1] } }, { arrays: 'whole' })
 * // → [{ at: ['spec', 'ports'], expected: [1, 2], actual: [1] }]
 * ```
 */
export function jsonDifferencesAt(
  expected: unknown,
  actual: unknown,
  { limit = Infinity, arrays = 'items' }: JsonDifferenceOptions = {}
): JsonDifferenceAt[] {
  const found: JsonDifferenceAt[] = []
  const visit = (at: (string | number)[], left: unknown, right: unknown): void => {
    if (found.length >= limit || Object.is(left, right)) return
    if (arrays === 'items' && Array.isArray(left) && Array.isArray(right)) {
      if (left.length === right.length) {
        left.forEach((item, index) => visit([...at, index], item, right[index]))
        return
      }
    } else if (isPlainObject(left) && isPlainObject(right)) {
      for (const key of new Set([...Object.keys(left), ...Object.keys(right)])) {
        visit([...at, key], left[key], right[key])
      }
      return
    }
    if (!sameJson(left, right)) found.push({ at, expected: left, actual: right })
  }
  visit([], expected, actual)
  return found
}

/**
 * Where `actual` differs from `expected`, outermost first, at most `limit` places.
 *
 * @example
 * ```ts
 * jsonDifferences({ spec: { keep: 3 } }, { spec: {} })
 * // → [{ path: 'spec.keep', expected: 3, actual: undefined }]
 * ```
 */
export function jsonDifferences(expected: unknown, actual: unknown, limit = 10): JsonDifference[] {
  return jsonDifferencesAt(expected, actual, { limit }).map(({ at, expected, actual }) => ({
    path: dottedPath(at),
    expected,
    actual,
  }))
}

/** `spec.items[0]["app.kubernetes.io/name"]`, or `(root)` for no path. */
function dottedPath(at: readonly (string | number)[]): string {
  let path = ''
  for (const step of at) {
    if (typeof step === 'number') path += `[${step}]`
    else if (/^[A-Za-z_$][\w$]*$/.test(step)) path += `${path === '' ? '' : '.'}${step}`
    else path += `[${JSON.stringify(step)}]`
  }
  return path === '' ? '(root)' : path
}

/**
 * One line for a difference: `spec.keep: was 3, came back absent`, or with other words for the
 * two sides (`['v1 → v3 gave', 'v1 → v2 → v3 gave']`).
 */
export function describeDifference(
  { path, expected, actual }: JsonDifference,
  words: readonly [string, string] = ['was', 'came back']
): string {
  return `${path}: ${words[0]} ${showValue(expected)}, ${words[1]} ${showValue(actual)}`
}

function showValue(value: unknown): string {
  if (value === undefined) return 'absent'
  const text = stringifyJson(value)
  return text.length > 80 ? `${text.slice(0, 77)}...` : text
}
