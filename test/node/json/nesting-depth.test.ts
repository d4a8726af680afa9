import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  nestingDepthExceeds,
  nestingDepthExceedsBeside,
} from '../../../packages/webhook/src/json/index.ts'

const nested = (depth: number): unknown => (depth === 0 ? 0 : [nested(depth - 1)])

describe('nestingDepthExceedsBeside', () => {
  it('gives the same verdict as a full walk when the value it skips beside is within the limit', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), fc.integer({ min: 1, max: 8 }), (a, b, limit) => {
        const measured = { kept: a, rebuilt: structuredClone(b) }
        const value = { kept: a, rebuilt: b, moved: [a] }
        if (nestingDepthExceeds(measured, limit)) return true
        return (
          nestingDepthExceedsBeside(value, measured, limit) === nestingDepthExceeds(value, limit)
        )
      }),
      { numRuns: 2_000 }
    )
  })

  it('finds depth a converter added beside what it kept', () => {
    const spec = { size: [[1]] }
    expect(nestingDepthExceedsBeside({ spec, extra: nested(5) }, { spec }, 5)).toBe(true)
    expect(nestingDepthExceedsBeside({ spec, extra: nested(4) }, { spec }, 5)).toBe(false)
  })

  it('measures a kept branch moved to a deeper place', () => {
    const deep = nested(4) as unknown[]
    expect(nestingDepthExceedsBeside({ a: { b: deep } }, { a: deep }, 5)).toBe(true)
  })
})
