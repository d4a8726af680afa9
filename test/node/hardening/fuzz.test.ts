import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createApp } from '../../../packages/webhook/src/http/index.ts'
import { exampleScheme } from '../../../examples/index.ts'
import { answerProblem, hostileBody, prototypeSnapshot } from '../../support/hostile-reviews.ts'

const app = createApp({ allowUnauthenticated: true, scheme: exampleScheme, log: () => {} })

describe('fuzzing the app with hostile reviews (npm run fuzz runs 100,000)', () => {
  it('answers every body with a valid ConversionReview or a 4xx JSON error, never touching Object.prototype', async () => {
    const prototypeBefore = prototypeSnapshot()
    await fc.assert(
      fc.asyncProperty(hostileBody, async (body) => {
        const response = await app.request('/convert', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        })
        expect(answerProblem(body, response.status, await response.text())).toBeUndefined()
      }),
      { numRuns: 300 }
    )
    expect(prototypeSnapshot()).toBe(prototypeBefore)
    // a safety limit for a shared machine, not a speed assertion: the runs vary in size
  }, 30_000)
})
