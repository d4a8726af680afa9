// The other half of the lossless codec: `JSON.stringify`, except that a `bigint` is written as its
// digits (native `JSON.stringify` throws on one). Native first, so values without a bigint pay
// nothing; the own writer below runs only when the native one refused the value.

/**
 * `JSON.stringify(value, null, indent)`, except that a `bigint` (what `parseJson` gives for an
 * integer beyond 2^53, or what a converter computes) is written as its exact digits. Still
 * throws a `TypeError` for a cycle, and whatever a `toJSON` throws.
 *
 * @example
 * ```ts
 * stringifyJson({ generation: 9223372036854775807n }) // → '{"generation":9223372036854775807}'
 * ```
 */
export function stringifyJson(value: unknown, indent?: number): string {
  try {
    // a value with nothing to stringify (undefined, a function) is a bug of the caller
    return JSON.stringify(value, null, indent) as string
  } catch (error) {
    if (!(error instanceof TypeError)) throw error
    return stringifyJsonLossless(value, indent)
  }
}

/** The own writer, without trying the native one first. */
export function stringifyJsonLossless(value: unknown, indent = 0): string {
  const gap = ' '.repeat(Math.min(Math.max(indent, 0), 10))
  const ancestors = new Set<object>()
  return write('', value, '') as string

  // mirrors the steps of JSON.stringify: toJSON, unboxing, then the value's own kind
  function write(key: string, raw: unknown, indentation: string): string | undefined {
    let value = raw
    if ((typeof value === 'object' && value !== null) || typeof value === 'bigint') {
      const toJSON: unknown = (value as { toJSON?: unknown }).toJSON
      if (typeof toJSON === 'function') value = toJSON.call(value, key) as unknown
    }
    if (value instanceof Number || value instanceof String || value instanceof Boolean) {
      value = value.valueOf()
    } else if (value instanceof BigInt) {
      value = value.valueOf()
    }
    switch (typeof value) {
      case 'string':
        return JSON.stringify(value)
      case 'number':
        return Number.isFinite(value) ? String(value) : 'null'
      case 'bigint':
        return value.toString()
      case 'boolean':
        return value ? 'true' : 'false'
      case 'object':
        if (value === null) return 'null'
        return writeContainer(value, indentation)
      default:
        return undefined // undefined, functions and symbols are left out
    }
  }

  function writeContainer(value: object, indentation: string): string {
    if (ancestors.has(value)) throw new TypeError('Converting circular structure to JSON')
    ancestors.add(value)
    const inner = indentation + gap
    const parts: string[] = []
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) {
        parts.push(write(String(index), value[index], inner) ?? 'null')
      }
    } else {
      const record = value as Record<string, unknown>
      for (const key of Object.keys(record)) {
        const written = write(key, record[key], inner)
        if (written !== undefined) parts.push(`${JSON.stringify(key)}:${gap ? ' ' : ''}${written}`)
      }
    }
    ancestors.delete(value)
    const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}']
    if (parts.length === 0) return open + close
    if (gap === '') return open + parts.join(',') + close
    return `${open}\n${inner}${parts.join(`,\n${inner}`)}\n${indentation}${close}`
  }
}
