// JSON.parse turns every number into a double, so an integer beyond ±(2^53 − 1) (an int64 the API
// server stores exactly) comes back rounded. This parser gives such integers as `bigint` and is
// otherwise JSON.parse to the letter: same values, same key order, last duplicate key wins,
// `__proto__` an own property, the same texts refused. Iterative, so nesting depth costs heap,
// never the call stack, on every runtime (Node 20 has no `JSON.parse` source access to lean on).

/** 16 digits in a row: the shortest integer text that can pass 2^53 (9007199254740992). */
const LONG_DIGIT_RUN = /\d\d\d\d\d\d\d\d\d\d\d\d\d\d\d\d/

/**
 * The most digits an integer literal from the API server can have: it writes int64 and uint64
 * (at most 20 digits) and, for integers past them, Go's float64 text, which is a plain integer
 * below 1e21 (21 digits) and has an exponent from there on. `BigInt` costs more than linear time
 * in the digits, so a longer literal is refused before it reaches `BigInt`.
 */
export const MAX_INTEGER_DIGITS = 21

export interface ParseJsonOptions {
  /**
   * Integer literals (no fraction, no exponent) with more digits than this are refused with a
   * `JsonIntegerTooLongError`; unlimited by default, and never below 16 (every safe integer
   * passes). The webhook passes `MAX_INTEGER_DIGITS`.
   */
  readonly maxIntegerDigits?: number
}

/** An integer literal longer than `maxIntegerDigits`: where it is, never its digits. */
export class JsonIntegerTooLongError extends SyntaxError {
  override readonly name = 'JsonIntegerTooLongError'
  constructor(
    /** How many digits the literal has. */
    readonly digits: number,
    /** Where it is, as `request.objects[0].spec.size` (long paths and keys shortened). */
    readonly path: string,
    /** The limit it broke. */
    readonly maxDigits: number
  ) {
    super(`an integer of ${digits} digits at ${path}; at most ${maxDigits} are accepted`)
  }
}

/**
 * `JSON.parse`, except that an integer (no fraction, no exponent) beyond
 * `Number.MAX_SAFE_INTEGER` comes back as a `bigint` holding exactly the digits sent. Numbers
 * with a fraction or an exponent are doubles, as the API server (Go `float64`) reads them too.
 * A text without 16 digits in a row cannot hold such an integer and goes straight to the native
 * `JSON.parse`: the common case pays one regular-expression scan. Throws a `SyntaxError` for
 * every text `JSON.parse` refuses.
 *
 * @example
 * ```ts
 * parseJson('{"generation": 9223372036854775807, "size": 3}')
 * // → { generation: 9223372036854775807n, size: 3 }
 * ```
 */
export function parseJson(text: string, options: ParseJsonOptions = {}): unknown {
  return LONG_DIGIT_RUN.test(text) ? parseJsonLossless(text, options) : JSON.parse(text)
}

type Container = unknown[] | Record<string, unknown>

interface Frame {
  readonly container: Container
  /** The key whose value is being parsed, for an object; `undefined` for an array. */
  key: string | undefined
}

const NUMBER = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y
const QUOTE = 0x22
const BACKSLASH = 0x5c

/** The lossless parser itself, without the scan that sends most texts to `JSON.parse`. */
export function parseJsonLossless(text: string, options: ParseJsonOptions = {}): unknown {
  const maxIntegerDigits = Math.max(options.maxIntegerDigits ?? Infinity, 16)
  let position = 0
  const stack: Frame[] = []

  const fail = (): never => {
    throw new SyntaxError(
      position >= text.length
        ? 'Unexpected end of JSON input'
        : `Unexpected character in JSON at position ${position}`
    )
  }
  const skipWhitespace = () => {
    for (;;) {
      const code = text.charCodeAt(position)
      if (code !== 0x20 && code !== 0x0a && code !== 0x0d && code !== 0x09) return
      position++
    }
  }
  const readString = (): string => {
    const start = position
    let escaped = false
    let end = position + 1
    for (;;) {
      const code = text.charCodeAt(end)
      if (code === QUOTE) break
      if (code === BACKSLASH) {
        escaped = true
        end += 2
        continue
      }
      if (!(code >= 0x20)) {
        position = end // a control character, or NaN past the end
        return fail()
      }
      end++
    }
    position = end + 1
    // escapes are decoded (and checked) by the native parser, one string at a time
    return escaped
      ? (JSON.parse(text.slice(start, position)) as string)
      : text.slice(start + 1, end)
  }
  const readKey = (): string => {
    skipWhitespace()
    if (text.charCodeAt(position) !== QUOTE) fail()
    const key = readString()
    skipWhitespace()
    if (text.charCodeAt(position) !== 0x3a) fail()
    position++
    return key
  }
  const readNumber = (): number | bigint => {
    NUMBER.lastIndex = position
    const match = NUMBER.exec(text)
    if (match === null) return fail()
    const token = match[0]
    position += token.length
    if (match[1] !== undefined || match[2] !== undefined) return Number(token)
    const digits = token.length - (token.charCodeAt(0) === 0x2d ? 1 : 0)
    if (digits > maxIntegerDigits) {
      throw new JsonIntegerTooLongError(digits, pathOf(stack), maxIntegerDigits)
    }
    const value = Number(token)
    return Number.isSafeInteger(value) ? value : BigInt(token)
  }
  const readLiteral = (literal: string, value: boolean | null): boolean | null => {
    if (!text.startsWith(literal, position)) fail()
    position += literal.length
    return value
  }

  for (;;) {
    // a value starts here
    skipWhitespace()
    let value: unknown
    const code = text.charCodeAt(position)
    if (code === 0x7b) {
      position++
      skipWhitespace()
      const object: Record<string, unknown> = {}
      if (text.charCodeAt(position) !== 0x7d) {
        stack.push({ container: object, key: readKey() })
        continue
      }
      position++
      value = object
    } else if (code === 0x5b) {
      position++
      skipWhitespace()
      const array: unknown[] = []
      if (text.charCodeAt(position) !== 0x5d) {
        stack.push({ container: array, key: undefined })
        continue
      }
      position++
      value = array
    } else if (code === QUOTE) {
      value = readString()
    } else if (code === 0x2d || (code >= 0x30 && code <= 0x39)) {
      value = readNumber()
    } else if (code === 0x74) {
      value = readLiteral('true', true)
    } else if (code === 0x66) {
      value = readLiteral('false', false)
    } else if (code === 0x6e) {
      value = readLiteral('null', null)
    } else {
      return fail()
    }
    // the value is complete: store it, then close every container that ends here
    for (;;) {
      const frame = stack[stack.length - 1]
      if (frame === undefined) {
        skipWhitespace()
        if (position < text.length) fail()
        return value
      }
      store(frame, value)
      skipWhitespace()
      const next = text.charCodeAt(position)
      if (next === 0x2c) {
        position++
        if (frame.key !== undefined) frame.key = readKey()
        break
      }
      if (next !== (frame.key === undefined ? 0x5d : 0x7d)) fail()
      position++
      stack.pop()
      value = frame.container
    }
  }
}

const PATH_SEGMENTS_SHOWN = 12
const KEY_CHARACTERS_SHOWN = 40

/** The path of the value being parsed, `a.b[2].c`, cut short where it or a key is long. */
function pathOf(stack: readonly Frame[]): string {
  let path = '(body)'
  for (const [depth, { container, key }] of stack.entries()) {
    if (depth === PATH_SEGMENTS_SHOWN) {
      path += `…(and ${stack.length - depth} deeper)`
      break
    }
    if (key === undefined) path += `[${(container as unknown[]).length}]`
    else {
      const shown =
        key.length > KEY_CHARACTERS_SHOWN ? `${key.slice(0, KEY_CHARACTERS_SHOWN)}…` : key
      path += /^[A-Za-z_$][\w$-]*$/.test(shown) ? `.${shown}` : `[${JSON.stringify(shown)}]`
    }
  }
  return path.startsWith('(body).') ? path.slice('(body).'.length) : path
}

function store(frame: Frame, value: unknown): void {
  const { container, key } = frame
  if (key === undefined) {
    ;(container as unknown[]).push(value)
  } else if (key === '__proto__') {
    // plain assignment would set the prototype; JSON.parse makes an own property
    Object.defineProperty(container, key, {
      value,
      writable: true,
      enumerable: true,
      configurable: true,
    })
  } else {
    ;(container as Record<string, unknown>)[key] = value
  }
}
