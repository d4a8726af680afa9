// What a converter does with an integer field that may be a number or, beyond 2^53, a bigint.

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER)

/**
 * An integer field as a `bigint`, whatever form it arrived in: a `number` (every integer up to
 * ±(2^53 − 1)) or a `bigint` (`parseJson` gives those beyond); `undefined` for anything that is
 * not an integer. For arithmetic that must stay exact over the whole int64 range.
 *
 * @example
 * ```ts
 * const replicas = integerAsBigInt(object.spec?.replicas) // 3 → 3n, 9223372036854775807n → itself
 * ```
 */
export function integerAsBigInt(value: unknown): bigint | undefined {
  if (typeof value === 'bigint') return value
  if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value)
  return undefined
}

/**
 * An integer as a JSON field holds it: a `number` when it is safe, a `bigint` beyond
 * ±(2^53 − 1), as `parseJson` gives them; so equal values compare equal whichever way they came.
 *
 * @example
 * ```ts
 * jsonInteger(3n) // → 3
 * jsonInteger(2n ** 63n - 1n) // → 9223372036854775807n
 * ```
 */
export function jsonInteger(value: bigint): number | bigint {
  return value >= -MAX_SAFE && value <= MAX_SAFE ? Number(value) : value
}
