import { parseJson } from './lossless-parse.ts'
import { stringifyJson } from './lossless-stringify.ts'

/**
 * `value` written as JSON and read back, integers past 2^53 exact: what the API server stores
 * and later sends again (no `undefined`, no shared objects, `toJSON` applied).
 *
 * @example
 * ```ts
 * jsonCopy({ size: 2n ** 63n - 1n, gone: undefined }) // → { size: 9223372036854775807n }
 * ```
 */
export function jsonCopy<T>(value: T): T {
  return parseJson(stringifyJson(value)) as T
}
