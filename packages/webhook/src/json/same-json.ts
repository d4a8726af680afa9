import { isPlainObject } from './plain-object.ts'

/**
 * Whether `a` and `b` are the same JSON: equal as `JSON.stringify` would write them, whatever the
 * order of their keys. A member holding `undefined` counts as absent and an `undefined` array item
 * as `null`, as `JSON.stringify` writes them; a `bigint` (an integer past 2^53) equals the number
 * with the same digits. `undefined` itself equals only `undefined`.
 *
 * @example
 * ```ts
 * sameJson({ a: 1, b: [2] }, { b: [2], a: 1, c: undefined }) // → true
 * sameJson({ a: 1 }, { a: '1' }) // → false
 * ```
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (Array.isArray(a)) {
    return (
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, index) => sameJson(item ?? null, b[index] ?? null))
    )
  }
  if (isPlainObject(a)) {
    if (!isPlainObject(b)) return false
    const keys = Object.keys(a).filter((key) => a[key] !== undefined)
    if (keys.length !== Object.keys(b).filter((key) => b[key] !== undefined).length) return false
    return keys.every((key) => Object.hasOwn(b, key) && sameJson(a[key], b[key]))
  }
  return (typeof a === 'bigint' || typeof b === 'bigint') && isInteger(a) && isInteger(b)
    ? String(a) === String(b)
    : false
}

function isInteger(value: unknown): value is number | bigint {
  return typeof value === 'bigint' || Number.isInteger(value)
}
