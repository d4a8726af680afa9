import { describe, expect, it } from 'vitest'
import { isZeroValue, typedEquality } from '../../../packages/crdconv/src/compare/index.ts'

describe("Go's typed decoding, as compare tells it apart", () => {
  it.each([
    ['1000m', '1', 'quantity'],
    ['1024Mi', '1Gi', 'quantity'],
    ['0.5', '500m', 'quantity'],
    ['1.5Gi', '1536Mi', 'quantity'],
    ['1e3', '1k', 'quantity'],
    ['4.626085Ki', '4737111040u', 'quantity'],
    // Go keeps nothing below 1n and rounds up
    ['0.0000000001', '1n', 'quantity'],
    ['2026-01-02T03:04:05.678Z', '2026-01-02T03:04:05Z', 'timestamp'],
    ['2026-01-02T03:04:05.678+02:00', '2026-01-02T01:04:05Z', 'timestamp'],
  ])('reads %j and %j as one value (%s)', (left, right, reason) => {
    expect(typedEquality(left, right)).toBe(reason)
    expect(typedEquality(right, left)).toBe(reason)
  })

  it.each([
    ['1', '2'],
    ['1Gi', '1G'],
    ['3409167651Ti', '9223372036854775807'],
    ['2026-01-02T03:04:05Z', '2026-01-02T03:04:06Z'],
    ['Running', 'running'],
    ['1e999999', '1e999999'],
  ])('reads %j and %j as different values', (left, right) => {
    expect(typedEquality(left, right)).toBeUndefined()
  })

  it.each([[0], [''], [false], [null], [{}], [[]], [{ spec: {} }], ['0001-01-01T00:00:00Z']])(
    'takes %j for a zero value omitempty leaves out',
    (value) => expect(isZeroValue(value)).toBe(true)
  )

  it.each([[1], ['x'], [true], [{ a: 1 }], [[0]], ['2026-01-01T00:00:00Z']])(
    'takes %j for a value',
    (value) => expect(isZeroValue(value)).toBe(false)
  )
})
