/**
 * JSON with the keys of every object sorted, so equal data always gives equal text whatever
 * order its keys were written in. `undefined` and functions are left out as `JSON.stringify`
 * leaves them out; non-finite numbers become `null`; a `bigint` (an integer past 2^53) is written
 * as its digits, so it hashes as the same integer would as a number.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) return 'null'
    if (typeof value === 'bigint') return value.toString()
    return JSON.stringify(value) ?? 'null'
  }
  if (Array.isArray(value)) {
    return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`
  }
  const record = value as Record<string, unknown>
  const members: string[] = []
  for (const key of Object.keys(record).sort()) {
    const member = record[key]
    if (member === undefined || typeof member === 'function') continue
    members.push(`${JSON.stringify(key)}:${canonicalJson(member)}`)
  }
  return `{${members.join(',')}}`
}

const encoder = new TextEncoder()

/**
 * 64-bit FNV-1a of the UTF-8 bytes of `text`, as 16 hex digits. Plain synchronous arithmetic,
 * so it runs the same in workerd, Node and Lambda (`crypto.subtle` is async; converters are not).
 *
 * It is not a cryptographic hash and needs not be: it tells an unchanged object from an edited
 * one, and anyone able to forge a collision can edit the annotation it guards directly.
 */
export function fnv1a64(text: string): string {
  // the 64-bit state as two 32-bit halves; the prime is 2^40 + 0x1b3
  let high = 0xcbf29ce4
  let low = 0x84222325
  for (const byte of encoder.encode(text)) {
    low = (low ^ byte) >>> 0
    const lowProduct = low * 0x1b3
    const carry = Math.floor(lowProduct / 0x100000000)
    high = (Math.imul(high, 0x1b3) + (low << 8) + carry) >>> 0
    low = lowProduct >>> 0
  }
  return high.toString(16).padStart(8, '0') + low.toString(16).padStart(8, '0')
}
