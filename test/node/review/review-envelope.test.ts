import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
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

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The fields of `body` that keep it from being a ConversionReview, by the protocol's rules. */
function faultyPaths(body: unknown): string[] {
  if (!isObject(body)) return ['']
  const paths: string[] = []
  if (!(REVIEW_API_VERSIONS as readonly unknown[]).includes(body['apiVersion'])) {
    paths.push('apiVersion')
  }
  if (body['kind'] !== 'ConversionReview') paths.push('kind')
  const request = body['request']
  if (!isObject(request)) return [...paths, 'request']
  for (const field of ['uid', 'desiredAPIVersion']) {
    const value = request[field]
    if (typeof value !== 'string' || value === '') paths.push(`request.${field}`)
  }
  if (!Array.isArray(request['objects'])) paths.push('request.objects')
  return paths
}

describe('readReviewEnvelope', () => {
  it('reads what the API server sends, response stanza and all, into its fields', () => {
    const review = conversionReview({ objects: [cronTabV1beta1()] })
    const body = JSON.parse(JSON.stringify(review)) as typeof review
    expect(readReviewEnvelope(body)).toEqual({
      ok: true,
      envelope: {
        apiVersion: review.apiVersion,
        kind: 'ConversionReview',
        request: {
          uid: review.request.uid,
          desiredAPIVersion: review.request.desiredAPIVersion,
          objects: review.request.objects,
        },
      },
    })
  })

  it.each([
    ['a JSON array', [], '', 'Invalid input: expected object, received array'],
    ['null', null, '', 'Invalid input: expected object, received null'],
    [
      'no uid',
      { ...conversionReview({ objects: [] }), request: { desiredAPIVersion: 'a/v1', objects: [] } },
      'request.uid',
      'Invalid input: expected string, received undefined',
    ],
    [
      'an empty desired version',
      {
        ...conversionReview({ objects: [] }),
        request: { uid: 'u', desiredAPIVersion: '', objects: [] },
      },
      'request.desiredAPIVersion',
      'must be a non-empty string',
    ],
    [
      'a review apiVersion of neither version',
      { ...conversionReview({ objects: [] }), apiVersion: 'apiextensions.k8s.io/v2' },
      'apiVersion',
      'Invalid option: expected one of "apiextensions.k8s.io/v1"|"apiextensions.k8s.io/v1beta1"',
    ],
  ])('names the field and why for %s', (_name, body, path, message) => {
    expect(readReviewEnvelope(body)).toEqual({ ok: false, issues: [{ path, message }] })
  })

  it('accepts a body exactly when every field is right, and otherwise names every field at fault', () => {
    fc.assert(
      fc.property(fc.oneof(nearEnvelope, fc.jsonValue()), (body) => {
        const reading = readReviewEnvelope(body)
        const faulty = faultyPaths(body)
        if (reading.ok) {
          expect(faulty).toEqual([])
          const request = (body as { request: Record<string, unknown> }).request
          expect(reading.envelope.request).toEqual({
            uid: request['uid'],
            desiredAPIVersion: request['desiredAPIVersion'],
            objects: request['objects'],
          })
        } else expect(reading.issues.map((issue) => issue.path)).toEqual(faulty)
      }),
      { numRuns: 2000 }
    )
  })
})
