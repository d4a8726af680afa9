import { SELF } from 'cloudflare:test'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { answerProblem, hostileBody } from '../support/hostile-reviews.ts'

describe('fuzzing the Worker inside workerd', () => {
  it('answers every hostile body with a valid ConversionReview or a 4xx JSON error', async () => {
    await fc.assert(
      fc.asyncProperty(hostileBody, async (body) => {
        const response = await SELF.fetch('https://crdconv.example/convert', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        })
        expect(answerProblem(body, response.status, await response.text())).toBeUndefined()
      }),
      { numRuns: 150 }
    )
    // the isolate that served them is still healthy
    expect((await SELF.fetch('https://crdconv.example/healthz')).status).toBe(200)
    // a safety limit for a shared machine, not a speed assertion: the runs vary in size
  }, 30_000)
})
