import { describe, expect, it } from 'vitest'
import { invalidLogEntry, summaryLogEntry } from '../../../packages/webhook/src/http/review-log.ts'
import type { ReviewSummary } from '../../../packages/webhook/src/review/index.ts'

const summary = (uid: string): ReviewSummary => ({
  uid,
  reviewVersion: 'apiextensions.k8s.io/v1',
  desiredAPIVersion: 'example.com/v1',
  objectCount: 1,
  conversions: [],
  outcome: 'Success',
  failedCount: 0,
  failures: [],
})

describe('summaryLogEntry', () => {
  it('keeps the duration to the microsecond', () => {
    expect(summaryLogEntry(summary('a'), 1.23456789).durationMs).toBe(1.235)
    expect(invalidLogEntry('not JSON', 0.0004).durationMs).toBe(0)
  })

  it('cuts what the client sent at 128 characters', () => {
    expect(summaryLogEntry(summary('u'.repeat(300)), 1).uid).toBe(`${'u'.repeat(128)}…`)
  })
})
