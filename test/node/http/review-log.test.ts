import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  abortedLogEntry,
  formatLogLine,
  invalidLogEntry,
  summaryLogEntry,
  type ReviewLogEntry,
} from '../../../src/http/review-log.ts'
import type { ReviewSummary } from '../../../src/review/index.ts'

const text = fc.string({ unit: 'binary', maxLength: 200 })
const duration = fc.oneof(fc.double({ min: 0, max: 1e6, noNaN: true }), fc.constant(Number.NaN))

const summary: fc.Arbitrary<ReviewSummary> = fc.record({
  uid: text,
  reviewVersion: fc.constantFrom('apiextensions.k8s.io/v1', 'apiextensions.k8s.io/v1beta1'),
  desiredAPIVersion: text,
  objectCount: fc.nat(),
  conversions: fc.array(
    fc.record({ kind: text, from: text, to: text, count: fc.integer({ min: 1 }) }),
    { maxLength: 30 }
  ),
  outcome: fc.constantFrom('Success', 'Failed'),
  failedCount: fc.nat(),
})

const entry: fc.Arbitrary<ReviewLogEntry> = fc.oneof(
  fc.tuple(summary, duration).map(([one, ms]) => summaryLogEntry(one, ms)),
  fc.tuple(text, duration).map(([problem, ms]) => invalidLogEntry(problem, ms)),
  fc.tuple(text, duration).map(([reason, ms]) => abortedLogEntry(reason, ms))
)

describe('formatLogLine', () => {
  it('writes every entry exactly as JSON.stringify does', () => {
    fc.assert(
      fc.property(entry, (one) => {
        expect(formatLogLine(one)).toBe(JSON.stringify(one))
      }),
      { numRuns: 2000 }
    )
  })

  it('differs from JSON.stringify for an entry whose fields come in another order', () => {
    const reordered = {
      status: 200,
      message: 'conversion review',
      outcome: 'Success',
      durationMs: 1,
    }
    expect(formatLogLine(reordered as ReviewLogEntry)).not.toBe(JSON.stringify(reordered))
  })
})

describe('summaryLogEntry', () => {
  it('keeps the duration to the microsecond and bounds what the client sent', () => {
    const line = summaryLogEntry(
      {
        uid: 'u'.repeat(300),
        reviewVersion: 'apiextensions.k8s.io/v1',
        desiredAPIVersion: 'example.com/v1',
        objectCount: 1,
        conversions: [],
        outcome: 'Success',
        failedCount: 0,
      },
      1.23456789
    )
    expect(line.durationMs).toBe(1.235)
    expect(line.uid).toBe(`${'u'.repeat(128)}…`)
  })
})
