import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  integerAsBigInt,
  jsonInteger,
  parseJson,
  parseJsonLossless,
  stringifyJson,
} from '../../../packages/webhook/src/json/index.ts'
import { codecProperties } from '../../support/json-codec-properties.ts'

describe('the lossless JSON codec in Node', () => {
  for (const { name, property } of codecProperties) {
    it(name, () => fc.assert(property as fc.IRawProperty<unknown[]>, { numRuns: 2_000 }))
  }

  it('keeps the int64 values of issue 16 exactly where JSON.parse rounds them', () => {
    const text = '{"metadata":{"generation":9223372036854775807},"spec":{"size":9007199254740993}}'
    expect(JSON.stringify(JSON.parse(text))).not.toBe(text)
    const parsed = parseJson(text) as { spec: { size: unknown } }
    expect(parsed.spec.size).toBe(9007199254740993n)
    expect(stringifyJson(parsed)).toBe(text)
  })

  it.each([
    { levels: 12, path: 'a.a.a.a.a.a.a.a.a.a.a.a' },
    { levels: 13, path: 'a.a.a.a.a.a.a.a.a.a.a.a…(and 1 deeper)' },
    { levels: 15, path: 'a.a.a.a.a.a.a.a.a.a.a.a…(and 3 deeper)' },
  ])('names the place of a too long integer $levels levels deep as $path', ({ levels, path }) => {
    const text = `${'{"a":'.repeat(levels)}${'1'.repeat(30)}${'}'.repeat(levels)}`
    expect(() => parseJson(text, { maxIntegerDigits: 21 })).toThrow(
      `an integer of 30 digits at ${path}; at most 21 are accepted`
    )
  })

  it('keeps a number with a fraction or an exponent a double, as the API server reads it', () => {
    const text = '[12345678901234567890.5, 1e400, 12345678901234567e3]'
    expect(parseJson(text)).toEqual([
      Number('12345678901234567890.5'),
      Infinity,
      1.2345678901234567e19,
    ])
    expect(parseJson(text)).toEqual(JSON.parse(text))
  })

  it('makes __proto__ an own property and lets the last duplicate key win, as JSON.parse does', () => {
    const parsed = parseJsonLossless('{"__proto__":{"polluted":1},"a":1,"a":9007199254740993}')
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype)
    expect(Object.keys(parsed as object)).toEqual(['__proto__', 'a'])
    expect((parsed as { a: unknown }).a).toBe(9007199254740993n)
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined()
  })

  it('reads 100,000 levels of nesting without overflowing the stack', () => {
    const depth = 100_000
    const text = `${'['.repeat(depth)}9007199254740993${']'.repeat(depth)}`
    let value = parseJsonLossless(text)
    for (let level = 0; level < depth; level++) value = (value as unknown[])[0]
    expect(value).toBe(9007199254740993n)
  })

  it('refuses a broken text with a SyntaxError that quotes nothing of it', () => {
    expect(() => parseJsonLossless('{"secret":12345678901234567890')).toThrow(
      new SyntaxError('Unexpected end of JSON input')
    )
    expect(() => parseJsonLossless('[12345678901234567890,]')).toThrow(/at position 22$/)
  })

  it('still refuses a cycle, as JSON.stringify does', () => {
    const cycle: Record<string, unknown> = { size: 2n ** 63n }
    cycle['self'] = cycle
    expect(() => stringifyJson(cycle)).toThrow(TypeError)
  })

  it('hands converters integers they can compute with exactly', () => {
    expect(integerAsBigInt(3)).toBe(3n)
    expect(integerAsBigInt(9223372036854775807n)).toBe(9223372036854775807n)
    expect(integerAsBigInt(1.5)).toBeUndefined()
    expect(integerAsBigInt('3')).toBeUndefined()
    expect(jsonInteger(3n)).toBe(3)
    expect(jsonInteger(2n ** 53n)).toBe(2n ** 53n)
  })
})
