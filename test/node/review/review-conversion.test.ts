import { describe, expect, it } from 'vitest'
import { reviewConversion } from '../../../packages/webhook/src/review/index.ts'
import { createScheme } from '../../../packages/webhook/src/scheme/index.ts'
import { cronTab, exampleScheme } from '../../../examples/index.ts'
import { chainedVolume, schemeConvertingWith } from '../../support/resource-factory.ts'
import {
  apiServerStyleReview,
  conversionReview,
  cronTabV1,
  cronTabV1beta1,
  REVIEW_V1,
  REVIEW_V1BETA1,
} from '../../support/review-factory.ts'
import { seedRequest, seedResponse } from '../../support/seed-examples.ts'

const answerTo = (body: unknown, scheme = exampleScheme) => {
  const outcome = reviewConversion(body, scheme)
  if (!outcome.valid) throw new Error(`expected a valid review, got: ${outcome.problem.message}`)
  return outcome
}

describe('reviewConversion', () => {
  it.each([REVIEW_V1, REVIEW_V1BETA1])(
    'reproduces the documented CronTab answer for %s',
    (apiVersion) => {
      expect(answerTo(seedRequest(apiVersion)).review).toEqual(seedResponse(apiVersion))
    }
  )

  it('reproduces the documented answer in the other direction, v1 → v1beta1', () => {
    const request = seedRequest(REVIEW_V1)
    const back = seedResponse(REVIEW_V1).response.convertedObjects
    const review = {
      ...request,
      request: { ...request.request, desiredAPIVersion: 'example.com/v1beta1', objects: back },
    }
    expect(answerTo(review).review.response.convertedObjects).toEqual(request.request.objects)
  })

  it('accepts the response stanza the API server sends inside the request', () => {
    expect(answerTo(apiServerStyleReview()).review.response.result).toEqual({ status: 'Success' })
  })

  it('answers an empty list of objects with Success and no objects', () => {
    const { review } = answerTo(conversionReview({ objects: [] }))
    expect(review.response).toEqual({
      uid: 'review-uid',
      result: { status: 'Success' },
      convertedObjects: [],
    })
  })

  it('summarises the review for the log: pairs, counts, outcome', () => {
    const objects = [
      cronTabV1beta1(),
      cronTabV1beta1({ name: 'two' }),
      cronTabV1(),
      cronTabV1({ name: 'four' }),
      cronTabV1beta1({ name: 'five' }),
    ]
    expect(answerTo(conversionReview({ uid: 'u', objects })).summary).toEqual({
      uid: 'u',
      reviewVersion: REVIEW_V1,
      desiredAPIVersion: 'example.com/v1',
      objectCount: 5,
      failedCount: 0,
      failures: [],
      outcome: 'Success',
      conversions: [
        { kind: 'CronTab', from: 'example.com/v1beta1', to: 'example.com/v1', count: 3 },
        { kind: 'CronTab', from: 'example.com/v1', to: 'example.com/v1', count: 2 },
      ],
    })
  })

  it('converts objects of several kinds and versions in one review, each on its own, in order', () => {
    const scheme = createScheme([cronTab, chainedVolume])
    const volume = {
      apiVersion: 'storage.example.com/v1alpha1',
      kind: 'Volume',
      metadata: { name: 'v' },
      size: 1,
    }
    const review = conversionReview({
      desiredAPIVersion: 'storage.example.com/v1',
      objects: [volume, volume],
    })
    expect(answerTo(review, scheme).review.response.convertedObjects).toEqual([
      {
        apiVersion: 'storage.example.com/v1',
        kind: 'Volume',
        metadata: { name: 'v' },
        capacityGiB: 1,
      },
      {
        apiVersion: 'storage.example.com/v1',
        kind: 'Volume',
        metadata: { name: 'v' },
        capacityGiB: 1,
      },
    ])
  })

  describe('failures', () => {
    it('fails the whole review and lists every failing object with namespace/name, versions and field', () => {
      const objects = [
        cronTabV1beta1({ name: 'good' }),
        cronTabV1beta1({ name: 'bad-1', namespace: 'ns1', hostPort: 'nope' }),
        cronTabV1beta1({ name: 'bad-2', namespace: 'ns2', hostPort: 8080 }),
      ]
      const { review, summary } = answerTo(conversionReview({ uid: 'f', objects }))
      expect(review).toEqual({
        apiVersion: REVIEW_V1,
        kind: 'ConversionReview',
        response: { uid: 'f', result: { status: 'Failed', message: expect.any(String) } },
      })
      expect(review.response.result.message).toBe(
        '2 of 3 objects could not be converted to example.com/v1: ' +
          '[1] CronTab ns1/bad-1, example.com/v1beta1 → example.com/v1: hostPort "nope" could not be parsed into a separate host and port: missing ":port" (field hostPort); ' +
          '[2] CronTab ns2/bad-2, example.com/v1beta1 → example.com/v1: hostPort must be a string "host:port", not number (field hostPort)'
      )
      expect(summary).toMatchObject({
        outcome: 'Failed',
        failedCount: 2,
        failures: [
          { kind: 'CronTab', from: 'example.com/v1beta1', reason: 'converter_error', count: 2 },
        ],
      })
    })

    it.each([
      // one of one names the object alone: no count at all
      { sent: 1, failing: 1, opening: /^CronTab default\/o-0, example\.com\/v1beta1 → / },
      {
        sent: 2,
        failing: 1,
        opening: /^1 of 2 objects could not be converted to example\.com\/v1: \[0\] /,
      },
      {
        sent: 2,
        failing: 2,
        opening: /^2 of 2 objects could not be converted to example\.com\/v1: \[0\] /,
      },
    ])(
      'counts $failing failing of $sent sent objects in words that read right',
      ({ sent, failing, opening }) => {
        const objects = Array.from({ length: sent }, (_, index) =>
          cronTabV1beta1({
            name: `o-${index}`,
            namespace: 'default',
            hostPort: index < failing ? 'no-port' : 'example.com:80',
          })
        )
        const message = answerTo(conversionReview({ objects })).review.response.result.message
        expect(message).toMatch(opening)
        expect(message).not.toMatch(/\b1 objects\b/)
      }
    )

    it('caps the message when many objects fail', () => {
      const objects = Array.from({ length: 500 }, (_, index) =>
        cronTabV1beta1({ name: `o-${index}`, hostPort: `no-port-${index}` })
      )
      const message = answerTo(conversionReview({ objects })).review.response.result.message ?? ''
      expect(message.length).toBeLessThan(4300)
      expect(message).toMatch(/^500 of 500 objects could not be converted/)
      expect(message).toMatch(/; … and 490 more$/)
    })

    it('turns a converter answer the API server would reject into Failed, naming object, conversion and rule', () => {
      const labeller = schemeConvertingWith((o) => ({
        ...o,
        metadata: { labels: { origin: 'v'.repeat(64) } },
      }))
      const object = {
        apiVersion: 'test.example.com/v1',
        kind: 'Probe',
        metadata: { name: 'l', namespace: 'n' },
      }
      const review = conversionReview({
        desiredAPIVersion: 'test.example.com/v2',
        objects: [object],
      })
      expect(answerTo(review, labeller).review.response.result).toEqual({
        status: 'Failed',
        message:
          'Probe n/l, test.example.com/v1 → test.example.com/v2: the converted object would be rejected by the API server: metadata.labels["origin"] value: must be no more than 63 characters (has 64)',
      })
    })
  })

  describe('envelope problems are not reviews', () => {
    it.each([
      ['a string', 'hello', ''],
      ['no request', { apiVersion: REVIEW_V1, kind: 'ConversionReview' }, 'request'],
      [
        'a number as uid',
        { ...conversionReview(), request: { ...conversionReview().request, uid: 42 } },
        'request.uid',
      ],
      [
        'no desiredAPIVersion',
        { ...conversionReview(), request: { uid: 'u', objects: [] } },
        'request.desiredAPIVersion',
      ],
    ])('refuses %s, naming the path', (_name, body, path) => {
      const outcome = reviewConversion(body, exampleScheme)
      expect(outcome.valid).toBe(false)
      expect(!outcome.valid && outcome.problem.issues.map((issue) => issue.path)).toContain(path)
      expect(!outcome.valid && outcome.problem.message).toMatch(/^not a ConversionReview: /)
    })
  })
})
