// The properties of the lossless JSON codec, shared by the Node and the workerd test files so that
// both runtimes are held to the same promises.
import fc from 'fast-check'
import {
  JsonIntegerTooLongError,
  jsonInteger,
  MAX_INTEGER_DIGITS,
  parseJson,
  parseJsonLossless,
  stringifyJson,
  stringifyJsonLossless,
} from '../../packages/webhook/src/json/index.ts'

const INT64_MIN = -(2n ** 63n)
const UINT64_MAX = 2n ** 64n - 1n
const SAFE = BigInt(Number.MAX_SAFE_INTEGER)

const API_SERVER_INTEGER_BOUND = 10n ** BigInt(MAX_INTEGER_DIGITS)

/** Integers as the API server writes them: int64 and uint64, edges weighted in, up to 21 digits. */
export const apiServerInteger: fc.Arbitrary<bigint> = fc.oneof(
  fc.bigInt({ min: INT64_MIN, max: UINT64_MAX }),
  fc.constantFrom(
    INT64_MIN,
    2n ** 63n - 1n,
    UINT64_MAX,
    SAFE,
    SAFE + 1n,
    SAFE + 2n,
    -SAFE - 1n,
    -SAFE - 2n,
    0n,
    API_SERVER_INTEGER_BOUND - 1n,
    1n - API_SERVER_INTEGER_BOUND
  ),
  fc.bigInt({ min: 1n - API_SERVER_INTEGER_BOUND, max: API_SERVER_INTEGER_BOUND - 1n })
)

/** Integers over int64 (and uint64), and beyond as text allows: what tooling may read. */
export const wideInteger: fc.Arbitrary<bigint> = fc.oneof(
  apiServerInteger,
  fc.bigInt({ min: -(2n ** 300n), max: 2n ** 300n })
)

/** A double as the API server keeps it: finite, and not an integer past 2^53 (a bigint there). */
const keptDouble = fc
  .double({ noNaN: true, noDefaultInfinity: true })
  .filter((value) => !Object.is(value, -0) && !(Number.isInteger(value) && !isSafe(value)))

const key = fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('__proto__', 'constructor', ''))

const valueWith = (integers: fc.Arbitrary<bigint>): fc.Arbitrary<unknown> =>
  fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      integers.map(jsonInteger),
      keptDouble,
      fc.string({ unit: 'binary', maxLength: 8 }),
      fc.constantFrom(true, false, null),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(key, tie('value'), { maxKeys: 4 })
    ),
  })).value

/** JSON values with exact wide integers (bigint past 2^53) among every other kind of value. */
export const losslessValue: fc.Arbitrary<unknown> = valueWith(wideInteger)

/** The same, with integers only as long as the API server writes them: what a webhook gets. */
export const apiServerValue: fc.Arbitrary<unknown> = valueWith(apiServerInteger)

/** Long runs of digits where JSON allows them: in strings, keys, fractions and exponents. */
const longDigitRuns = fc
  .tuple(fc.integer({ min: 16, max: 20_000 }), fc.nat(9))
  .map(([length, digit]) => String(digit).repeat(length))
  .chain((digits) =>
    fc.constantFrom(
      `{"s":"${digits}"}`,
      `{"${digits}":1}`,
      `[1.${digits}]`,
      `[-0.${digits}e-5]`,
      `[1e${digits}]`,
      `[1${digits}.5E+${digits}]`
    )
  )

/** Text-level pieces from which mostly broken, sometimes valid, JSON is assembled. */
const jsonishText = fc
  .array(
    fc.constantFrom(
      ...['{', '}', '[', ']', ',', ':', '"', '\\', '"k"', '"\\u00e9"', '"\\x"', 'a', 'u'],
      ...['0', '1', '-', '.', 'e', 'E', '+', '01', '1.5', '-0', '12345678901234567890'],
      ...[' ', '\n', '\t', '\r', '\u00a0', '\ufeff', '\u0001', 'true', 'tru', 'null', 'false']
    ),
    { maxLength: 14 }
  )
  .map((pieces) => pieces.join(''))

/** A valid JSON text with one character removed, replaced or doubled. */
const editedJson = fc
  .tuple(fc.json(), fc.nat(), fc.constantFrom('', ',', '"', '}', ']', '0', ' ', '\\'))
  .map(([text, at, insert]) => {
    const position = at % (text.length + 1)
    return text.slice(0, position) + insert + text.slice(position + (insert === '' ? 1 : 0))
  })

function isSafe(value: number): boolean {
  return Number.isSafeInteger(value)
}

/** JSON.parse's value, with each integer past 2^53 read as the bigint its text spells. */
function nativeWithBigInts(text: string): unknown {
  const widen = (value: unknown): unknown => {
    if (typeof value === 'number' && Number.isInteger(value) && !isSafe(value)) {
      return /e/i.test(String(value)) ? value : BigInt(String(value))
    }
    if (Array.isArray(value)) return value.map(widen)
    if (typeof value === 'object' && value !== null) {
      const copy: Record<string, unknown> = {}
      for (const [name, member] of Object.entries(value)) {
        Object.defineProperty(copy, name, { value: widen(member), enumerable: true })
      }
      return copy
    }
    return value
  }
  return widen(JSON.parse(text))
}

function outcome(parse: (text: string) => unknown, text: string): 'value' | 'SyntaxError' {
  try {
    parse(text)
    return 'value'
  } catch (error) {
    if (error instanceof SyntaxError) return 'SyntaxError'
    throw error
  }
}

/** Equal as JSON text with keys in the order written (the codec promises that order), bigints as digits. */
function sameJsonKeysInOrder(actual: unknown, expected: unknown): boolean {
  const keys = (value: unknown): string =>
    JSON.stringify(value, (_key, member: unknown) =>
      typeof member === 'bigint' ? `\u0000bigint:${member}` : member
    )
  return keys(actual) === keys(expected)
}

/** Each promise of the codec as a fast-check property, named as a spec. */
export const codecProperties = [
  {
    name: 'reads every JSON text as JSON.parse does, keys in the same order, wide integers exact',
    property: fc.property(
      fc.oneof(
        fc.json(),
        fc.jsonValue().map((value) => JSON.stringify(value, null, 2))
      ),
      (text) => {
        const expected = nativeWithBigInts(text)
        for (const parsed of [parseJson(text), parseJsonLossless(text)]) {
          if (!sameJsonKeysInOrder(parsed, expected)) return false
        }
        return true
      }
    ),
  },
  {
    name: 'refuses exactly the texts JSON.parse refuses',
    property: fc.property(fc.oneof(jsonishText, editedJson), (text) => {
      const native = outcome(JSON.parse, text)
      return outcome(parseJsonLossless, text) === native && outcome(parseJson, text) === native
    }),
  },
  {
    name: 'gives back every integer exactly, a number when safe and a bigint beyond 2^53',
    property: fc.property(wideInteger, fc.constantFrom('', ' ', '\n  '), (integer, space) => {
      const text = `{"spec":{"size":${space}${integer}${space}},"list":[${integer},1]}`
      const parsed = parseJson(text) as { spec: { size: unknown }; list: unknown[] }
      const expected = jsonInteger(integer)
      return (
        parsed.spec.size === expected &&
        parsed.list[0] === expected &&
        stringifyJson(parsed) === `{"spec":{"size":${integer}},"list":[${integer},1]}`
      )
    }),
  },
  {
    name: 'reads long digit runs in strings, keys, fractions and exponents as JSON.parse does, under the integer cap',
    property: fc.property(longDigitRuns, (text) =>
      sameJsonKeysInOrder(
        parseJson(text, { maxIntegerDigits: MAX_INTEGER_DIGITS }),
        JSON.parse(text)
      )
    ),
  },
  {
    name: 'refuses an integer literal longer than the cap, naming its path, and reads every one up to it',
    property: fc.property(
      fc.integer({ min: 1, max: 20_000 }),
      fc.boolean(),
      fc.integer({ min: 16, max: MAX_INTEGER_DIGITS + 3 }),
      (digits, negative, maxIntegerDigits) => {
        const literal = `${negative ? '-' : ''}${'7'.repeat(digits)}`
        const text = `{"spec":{"sizes":[0,${literal}]}}`
        try {
          const parsed = parseJson(text, { maxIntegerDigits }) as { spec: { sizes: unknown[] } }
          return digits <= maxIntegerDigits && parsed.spec.sizes[1] === jsonInteger(BigInt(literal))
        } catch (error) {
          return (
            error instanceof JsonIntegerTooLongError &&
            digits > maxIntegerDigits &&
            error.digits === digits &&
            error.path === 'spec.sizes[1]' &&
            !error.message.includes(literal)
          )
        }
      }
    ),
  },
  {
    name: 'round-trips values holding wide integers through its own text',
    property: fc.property(losslessValue, fc.constantFrom(undefined, 2), (value, indent) => {
      const text = stringifyJson(value, indent)
      return (
        sameJsonKeysInOrder(parseJson(text), value) &&
        stringifyJson(parseJson(text), indent) === text
      )
    }),
  },
  {
    name: 'writes what JSON.stringify writes for every value without a bigint',
    property: fc.property(
      fc.anything({
        withBoxedValues: true,
        withDate: true,
        withNullPrototype: true,
        withSparseArray: true,
        withMap: true,
        withSet: true,
      }),
      fc.constantFrom(undefined, 0, 2, 4),
      (value, indent) =>
        stringifyJsonLossless(value, indent) === JSON.stringify(value, null, indent) &&
        stringifyJson(value, indent) === JSON.stringify(value, null, indent)
    ),
  },
] as const
