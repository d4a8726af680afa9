import { describe, expect, it } from 'vitest'
import { describeDifference, jsonDifferences } from '../../../packages/crdconv/src/testing/index.ts'

describe('jsonDifferences', () => {
  it('should find nothing between equal values whatever their key order', () => {
    expect(
      jsonDifferences({ a: [1, { b: 'x' }], c: null }, { c: null, a: [1, { b: 'x' }] })
    ).toEqual([])
  })

  it('should name each differing place by its path', () => {
    const expected = { spec: { keep: 3, items: [1, 2], 'a.b': true }, status: 'x' }
    const actual = { spec: { items: [1, 3], 'a.b': false }, status: 'x', extra: 1 }
    expect(jsonDifferences(expected, actual)).toEqual([
      { path: 'spec.keep', expected: 3, actual: undefined },
      { path: 'spec.items[1]', expected: 2, actual: 3 },
      { path: 'spec["a.b"]', expected: true, actual: false },
      { path: 'extra', expected: undefined, actual: 1 },
    ])
  })

  it('should stop at the limit', () => {
    expect(jsonDifferences({ a: 1, b: 2, c: 3 }, {}, 2)).toHaveLength(2)
  })
})

describe('describeDifference', () => {
  it('should say what was there and what came back', () => {
    expect(describeDifference({ path: 'spec.keep', expected: 3, actual: undefined })).toBe(
      'spec.keep: was 3, came back absent'
    )
  })
})
