import { describe, expect, it } from 'vitest'
import { expectLosslessRoundTrips } from 'crdconv/testing'
import { expectLosslessRoundTrips as direct } from '../../../src/testing/index.ts'

describe('crdconv/testing', () => {
  it('should be importable by package name, as CRD authors import it', () => {
    expect(expectLosslessRoundTrips).toBe(direct)
  })
})
