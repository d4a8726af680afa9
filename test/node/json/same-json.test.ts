import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { sameJson } from '../../../packages/webhook/src/json/index.ts'
import { canonicalJson } from '../../../packages/webhook/src/scheme/index.ts'

const reversedKeys = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(reversedKeys)
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([key, member]) => [key, reversedKeys(member)])
  )
}

describe('sameJson', () => {
  it('agrees with comparing the canonical JSON texts of any two JSON values', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        expect(sameJson(a, b)).toBe(canonicalJson(a) === canonicalJson(b))
      })
    )
  })

  it('holds a value the same as itself with its keys in another order', () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => sameJson(value, reversedKeys(value))))
  })

  it.each([
    ['a member holding undefined as absent', { a: 1, b: undefined }, { a: 1 }, true],
    ['an undefined array item as null', [undefined], [null], true],
    ['a bigint as the number with its digits', { n: 10n ** 18n }, { n: 1e18 }, true],
    ['a bigint apart from a different number', 10n ** 18n + 1n, 1e18, false],
    ['a number apart from its string', 1, '1', false],
    ['undefined apart from null', undefined, null, false],
    ['an array apart from an object with index keys', [1], { 0: 1 }, false],
    ['a longer array apart', [1, 2], [1], false],
    ['a missing member apart', { a: 1 }, { b: 1 }, false],
  ])('takes %s', (_name, a, b, same) => {
    expect(sameJson(a, b)).toBe(same)
    expect(sameJson(b, a)).toBe(same)
  })
})
