import { describe, expect, it } from 'vitest'
import { jsonDifferencesAt } from '../../../packages/webhook/src/json/index.ts'

describe('jsonDifferencesAt', () => {
  it('walks into arrays of the same length item by item by default', () => {
    expect(jsonDifferencesAt({ ports: [1, 2] }, { ports: [1, 3] })).toEqual([
      { at: ['ports', 1], expected: 2, actual: 3 },
    ])
  })

  it("reports an array that differs as one place when arrays are 'whole'", () => {
    expect(jsonDifferencesAt({ ports: [1, 2] }, { ports: [1, 3] }, { arrays: 'whole' })).toEqual([
      { at: ['ports'], expected: [1, 2], actual: [1, 3] },
    ])
  })

  it('compares what it does not walk into as JSON, keys in any order', () => {
    expect(
      jsonDifferencesAt({ list: [{ a: 1, b: 2 }] }, { list: [{ b: 2, a: 1 }] }, { arrays: 'whole' })
    ).toEqual([])
  })

  it('names the whole value with an empty path and stops at the limit', () => {
    expect(jsonDifferencesAt(1, 2)).toEqual([{ at: [], expected: 1, actual: 2 }])
    expect(jsonDifferencesAt({ a: 1, b: 2, c: 3 }, {}, { limit: 2 })).toHaveLength(2)
  })
})
