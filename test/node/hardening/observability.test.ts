import { describe, expect, it } from 'vitest'
import { createApp, type ReviewLogEntry } from '../../../packages/webhook/src/http/index.ts'
import { exampleScheme } from '../../../examples/index.ts'
import { postJson, TOKEN } from '../../support/hardening-fixtures.ts'
import { conversionReview, cronTabV1, cronTabV1beta1 } from '../../support/review-factory.ts'

const SECRET = 'hunter2-very-secret-value'

function loggedApp() {
  const entries: ReviewLogEntry[] = []
  const app = createApp({
    scheme: exampleScheme,
    tokens: [TOKEN],
    log: (entry) => entries.push(entry),
  })
  const convert = (body: unknown) => app.request(`/convert/${TOKEN}`, postJson(body))
  return { entries, convert }
}

describe('observability', () => {
  it('logs uid, kind, each (from, to) pair with its count, duration and outcome', async () => {
    const { entries, convert } = loggedApp()
    const objects = [
      cronTabV1beta1({ name: 'a' }),
      cronTabV1({ name: 'b' }),
      cronTabV1beta1({ name: 'c' }),
    ]
    await convert(
      conversionReview({ uid: 'obs-uid', objects, desiredAPIVersion: 'example.com/v1beta1' })
    )
    expect(entries).toEqual([
      {
        message: 'conversion review',
        status: 200,
        outcome: 'Success',
        durationMs: expect.any(Number),
        uid: 'obs-uid',
        reviewVersion: 'apiextensions.k8s.io/v1',
        desiredAPIVersion: 'example.com/v1beta1',
        objectCount: 3,
        failedCount: 0,
        conversions: [
          { kind: 'CronTab', from: 'example.com/v1beta1', to: 'example.com/v1beta1', count: 2 },
          { kind: 'CronTab', from: 'example.com/v1', to: 'example.com/v1beta1', count: 1 },
        ],
      },
    ])
  })

  it('sends a Server-Timing header with the total and each phase, on success and failure', async () => {
    const { convert } = loggedApp()
    for (const objects of [[cronTabV1beta1()], [cronTabV1beta1({ hostPort: 'no-port' })]]) {
      const timing = (await convert(conversionReview({ objects }))).headers.get('server-timing')
      for (const metric of ['parse', 'convert', 'write', 'total']) {
        expect(timing).toMatch(new RegExp(`(^|, ?)${metric};dur=\\d`))
      }
    }
  })

  it('bounds what a hostile review can put in the log line', async () => {
    const { entries, convert } = loggedApp()
    const objects = Array.from({ length: 50 }, (_, index) => ({
      apiVersion: `example.com/v${index}`,
      kind: `K${'x'.repeat(1000)}`,
    }))
    await convert(conversionReview({ uid: 'u'.repeat(10_000), objects }))
    const line = JSON.stringify(entries[0])
    expect(entries[0]?.conversions).toHaveLength(20)
    expect(entries[0]?.conversionsNotListed).toBe(30)
    expect(line.length).toBeLessThan(10_000)
  })

  it('never puts object contents or the token in the log or the headers', async () => {
    const { entries, convert } = loggedApp()
    const objects = [
      cronTabV1beta1({ name: 'a', spec: { password: SECRET } }),
      cronTabV1beta1({ name: 'b', hostPort: SECRET }),
    ]
    const responses = [
      await convert(conversionReview({ objects })),
      await convert(conversionReview({ objects: [objects[0]] })),
      await convert(`{"password": "${SECRET}"`),
      await convert({ kind: SECRET }),
    ]
    const headers = responses.map((response) => JSON.stringify([...response.headers]))
    expect(entries.map((entry) => entry.outcome)).toEqual([
      'Failed',
      'Success',
      'Invalid',
      'Invalid',
    ])
    for (const text of [JSON.stringify(entries), ...headers]) {
      expect(text).not.toContain(SECRET)
      expect(text).not.toContain(TOKEN)
    }
  })
})
