import { describe, expect, it } from 'vitest'
import { exampleScheme } from '../../../examples/index.ts'
import { answerReview, type ReviewPhase } from '../../../packages/webhook/src/review/index.ts'
import { LIMIT_ADVICE } from '../../../packages/webhook/src/http/index.ts'
import { schemeConvertingWith } from '../../support/resource-factory.ts'
import { conversionReview, cronTabV1beta1, REVIEW_V1BETA1 } from '../../support/review-factory.ts'

const body = (options: Parameters<typeof conversionReview>[0] = {}) =>
  JSON.stringify(conversionReview(options))

describe('answerReview', () => {
  it('answers a review as JSON text in its own apiVersion, with a summary for the log', () => {
    const answer = answerReview(body({ apiVersion: REVIEW_V1BETA1 }), exampleScheme)
    expect(answer.status).toBe(200)
    const review = JSON.parse(answer.json) as {
      apiVersion: string
      response: { uid: string; result: { status: string }; convertedObjects: { host: string }[] }
    }
    expect(review.apiVersion).toBe(REVIEW_V1BETA1)
    expect(review.response.uid).toBe('review-uid')
    expect(review.response.convertedObjects[0]?.host).toBe('localhost')
    expect(answer.status === 200 && answer.summary).toMatchObject({
      outcome: 'Success',
      objectCount: 1,
      conversions: [{ kind: 'CronTab', from: 'example.com/v1beta1', count: 1 }],
    })
  })

  it('reports each phase as it ends, in order', () => {
    const phases: ReviewPhase[] = []
    answerReview(body(), exampleScheme, { phaseEnded: (phase) => phases.push(phase) })
    expect(phases).toEqual(['parse', 'convert', 'write'])
  })

  it('answers 400 for a body that is not JSON, and logs the fact without quoting the body', () => {
    const answer = answerReview('{"secret": "hunter2"', exampleScheme)
    expect(answer.status).toBe(400)
    expect(JSON.parse(answer.json)).toMatchObject({ error: /not valid JSON/ })
    expect(answer.status === 400 && answer.problem).toBe('request body is not valid JSON')
  })

  it('answers 400 with zod issue paths for JSON that is not a ConversionReview', () => {
    const answer = answerReview(JSON.stringify({ kind: 'ConversionReview' }), exampleScheme)
    expect(answer.status).toBe(400)
    const { issues } = JSON.parse(answer.json) as { issues: { path: string }[] }
    expect(issues.map((issue) => issue.path)).toContain('apiVersion')
  })

  it('fails a review over the limits before any converter runs', () => {
    const objects = [cronTabV1beta1({ name: 'a' }), cronTabV1beta1({ name: 'b' })]
    const answer = answerReview(body({ objects }), exampleScheme, {
      limits: { maxObjects: 1, maxDepth: 50, advice: LIMIT_ADVICE },
    })
    expect(answer.status).toBe(200)
    expect(answer.json).toContain('limit of 1 per review (set CONVERT_MAX_OBJECTS')
  })

  it('gives generic advice past a limit where no platform names its setting', () => {
    const objects = [cronTabV1beta1({ name: 'a' }), cronTabV1beta1({ name: 'b' })]
    const answer = answerReview(body({ objects }), exampleScheme, {
      limits: { maxObjects: 1, maxDepth: 50 },
    })
    expect(answer.json).toContain("limit of 1 per review (raise the webhook's object limit)")
  })

  it('fails, not throws, when a converter returns what JSON cannot hold', () => {
    const unwritable = {
      toJSON() {
        throw new TypeError('no')
      },
    }
    const scheme = schemeConvertingWith((object) => ({ ...object, size: unwritable }))
    const objects = [{ apiVersion: 'test.example.com/v1', kind: 'Probe', metadata: { name: 'p' } }]
    const answer = answerReview(body({ desiredAPIVersion: 'test.example.com/v2', objects }), scheme)
    expect(answer.status === 200 && answer.summary.outcome).toBe('Failed')
    expect(answer.json).toContain('cannot be written as JSON (TypeError)')
  })
})
