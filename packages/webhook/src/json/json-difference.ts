import { stringifyJson } from './lossless-stringify.ts'
import { isPlainObject } from './plain-object.ts'

/** One place where two JSON values differ; `undefined` means absent. */
export interface JsonDifference {
  /** Dotted path with `[index]` for array items, `(root)` for the whole value. */
  readonly path: string
  readonly expected: unknown
  readonly actual: unknown
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
  const found: JsonDifference[] = []
  const visit = (path: string, left: unknown, right: unknown): void => {
    if (found.length >= limit || Object.is(left, right)) return
    if (Array.isArray(left) && Array.isArray(right)) {
      if (left.length !== right.length) {
        found.push({ path, expected: left, actual: right })
        return
      }
      left.forEach((item, index) => visit(`${path}[${index}]`, item, right[index]))
      return
    }
    if (isPlainObject(left) && isPlainObject(right)) {
      const keys = new Set([...Object.keys(left), ...Object.keys(right)])
      for (const key of keys) {
        const childPath = /^[A-Za-z_$][\w$]*$/.test(key)
          ? `${path}${path === '' ? '' : '.'}${key}`
          : `${path}[${JSON.stringify(key)}]`
        visit(childPath, left[key], right[key])
      }
      return
    }
    found.push({ path: path === '' ? '(root)' : path, expected: left, actual: right })
  }
  visit('', expected, actual)
  return found
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

/** A JSON value in at most 80 characters, as the kit's messages show one: `absent` for `undefined`. */
export function showValue(value: unknown): string {
  if (value === undefined) return 'absent'
  const text = stringifyJson(value)
  return text.length > 80 ? `${text.slice(0, 77)}...` : text
}
