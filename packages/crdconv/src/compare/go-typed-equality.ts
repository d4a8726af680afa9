// What Go's typed decoding changes in a value it only passes through, which the API server and
// every client read as the same value: quantities in canonical form, timestamps cut to seconds,
// zero values left out by `omitempty`.

/** Why two values that differ as JSON are the same to the API server and its clients. */
export type TypedEquality = 'zero-value' | 'quantity' | 'timestamp'

/** Go's zero `time.Time`, which a `metav1.Time` writes as null and `omitempty` leaves out. */
const ZERO_TIME = /^0001-01-01[Tt ]00:00:00(\.0+)?([Zz]|[+-]00:00)$/

/** Whether `value` is what Go leaves out with `omitempty` (or writes for an empty struct). */
export function isZeroValue(value: unknown): boolean {
  if (value === null || value === 0 || value === '' || value === false) return true
  if (typeof value === 'string') return ZERO_TIME.test(value)
  if (Array.isArray(value)) return value.length === 0
  if (typeof value === 'object') return Object.values(value).every(isZeroValue)
  return false
}

/**
 * Why `left` and `right` are the same value read through Go's types, or undefined when they are
 * not: two quantities of one amount (`1000m` and `1`), two RFC 3339 timestamps of one second.
 *
 * @example
 * ```ts
 * typedEquality('1024Mi', '1Gi') // 'quantity'
 * typedEquality('2026-01-02T03:04:05.678Z', '2026-01-02T03:04:05Z') // 'timestamp'
 * ```
 */
export function typedEquality(left: unknown, right: unknown): TypedEquality | undefined {
  if (typeof left !== 'string' || typeof right !== 'string') return undefined
  const leftAmount = quantity(left)
  const rightAmount = quantity(right)
  if (leftAmount !== undefined && rightAmount !== undefined) {
    return sameAmount(leftAmount, rightAmount) ? 'quantity' : undefined
  }
  const leftSecond = secondOf(left)
  const rightSecond = secondOf(right)
  return leftSecond !== undefined && leftSecond === rightSecond ? 'timestamp' : undefined
}

/** An exact amount: `digits` × 10^`ten` × 2^`two`. */
interface Amount {
  readonly digits: bigint
  readonly ten: number
  readonly two: number
}

const QUANTITY =
  /^([+-]?)([0-9]+(?:\.[0-9]*)?|\.[0-9]+)(Ki|Mi|Gi|Ti|Pi|Ei|[numkMGTPE]|[eE][+-]?[0-9]+)?$/
const DECIMAL_SUFFIX: Record<string, number> = {
  n: -9,
  u: -6,
  m: -3,
  k: 3,
  M: 6,
  G: 9,
  T: 12,
  P: 15,
  E: 18,
}
const BINARY_SUFFIX: Record<string, number> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 }

/** A Kubernetes quantity (`resource.Quantity`'s grammar), or undefined for other text. */
function quantity(text: string): Amount | undefined {
  const match = QUANTITY.exec(text)
  if (match === null) return undefined
  const [, sign = '', number = '', suffix = ''] = match
  const [whole = '', fraction = ''] = number.split('.')
  const digits = BigInt(`${sign}${whole}${fraction}` || '0')
  let ten = -fraction.length
  let two = 0
  if (suffix in BINARY_SUFFIX) two = BINARY_SUFFIX[suffix] ?? 0
  else if (suffix in DECIMAL_SUFFIX) ten += DECIMAL_SUFFIX[suffix] ?? 0
  else if (suffix !== '') ten += Number(suffix.slice(1))
  // beyond what a quantity holds (Go refuses such text): never the same as anything
  if (Math.abs(ten) > 400 || fraction.length > 400) return undefined
  return { digits, ten, two }
}

/**
 * Whether two amounts are one `resource.Quantity`: Go keeps nothing below 1n and rounds a finer
 * amount up to the next nano (`0.0000000001` reads as `1n`).
 */
function sameAmount(left: Amount, right: Amount): boolean {
  return inNanos(left) === inNanos(right)
}

/** `amount` in whole nanos, rounded up as Go rounds it. */
function inNanos({ digits, ten, two }: Amount): bigint {
  const scaled = digits * 2n ** BigInt(two)
  const exponent = ten + 9
  if (exponent >= 0) return scaled * 10n ** BigInt(exponent)
  const divisor = 10n ** BigInt(-exponent)
  const quotient = scaled / divisor
  return scaled % divisor > 0n ? quotient + 1n : quotient
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/

/** The whole second an RFC 3339 timestamp names, in milliseconds, or undefined for other text. */
function secondOf(text: string): number | undefined {
  if (!RFC3339.test(text)) return undefined
  const milliseconds = Date.parse(text.replace(/\.\d+/, ''))
  return Number.isNaN(milliseconds) ? undefined : milliseconds
}
