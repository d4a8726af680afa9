import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  conversionReviewRequestSchema,
  REVIEW_API_VERSIONS,
  readReviewEnvelope,
} from '../../../packages/webhook/src/review/conversion-review-schema.ts'
import { conversionReview, cronTabV1beta1 } from '../../support/review-factory.ts'

// envelopes near the valid shape: each field valid, missing, or replaced by any JSON value
const maybe = <T>(valid: fc.Arbitrary<T>) => fc.oneof(valid, fc.constant(undefined), fc.jsonValue())
const nearEnvelope = fc.record(
  {
    apiVersion: maybe(fc.constantFrom(...REVIEW_API_VERSIONS, 'v1')),
    kind: maybe(fc.constantFrom('ConversionReview', 'conversionreview')),
    request: maybe(
      fc.record(
        {
          uid: maybe(fc.string()),
          desiredAPIVersion: maybe(fc.string()),
          objects: maybe(fc.array(fc.jsonValue(), { maxLength: 3 })),
          extra: fc.jsonValue(),
        },
        { requiredKeys: [] }
      )
    ),
    response: fc.jsonValue(),
  },
  { requiredKeys: [] }
)

describe('readReviewEnvelope', () => {
  it('reads what the API server sends, with the fields the schema gives', () => {
    const body = JSON.parse(JSON.stringify(conversionReview({ objects: [cronTabV1beta1()] })))
    expect(readReviewEnvelope(body)).toEqual(conversionReviewRequestSchema().parse(body))
  })

  it('leaves to zod any body that is not a ConversionReview', () => {
    for (const body of [null, [], 'x', { kind: 'ConversionReview' }]) {
      expect(readReviewEnvelope(body)).toBeUndefined()
    }
  })

  it('accepts only what the zod schema accepts, and reads the same fields', () => {
    fc.assert(
      fc.property(fc.oneof(nearEnvelope, fc.jsonValue()), (body) => {
        const fast = readReviewEnvelope(body)
        const parsed = conversionReviewRequestSchema().safeParse(body)
        if (fast !== undefined) expect(parsed.success && parsed.data).toEqual(fast)
        else expect(parsed.success).toBe(false)
      }),
      { numRuns: 2000 }
    )
  })
})
