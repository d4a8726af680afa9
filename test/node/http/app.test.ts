import { describe, expect, it } from 'vitest'
import { createApp, type ReviewLogEntry } from '../../../packages/webhook/src/http/index.ts'
import { exampleScheme } from '../../../examples/index.ts'
import { describeHttpContract } from '../../support/http-contract.ts'
import { conversionReview, cronTabV1beta1 } from '../../support/review-factory.ts'

const maxBodyBytes = 64 * 1024
const app = createApp({
  allowUnauthenticated: true,
  scheme: exampleScheme,
  maxBodyBytes,
  log: () => {},
})

describeHttpContract('in-process (app.request)', () => ({
  send: async (path, init) => app.request(path, init),
  maxBodyBytes,
}))

describe('review log', () => {
  const logged = () => {
    const entries: ReviewLogEntry[] = []
    const app = createApp({
      allowUnauthenticated: true,
      scheme: exampleScheme,
      log: (entry) => entries.push(entry),
    })
    return { app, entries }
  }
  const post = (app: ReturnType<typeof createApp>, body: string) =>
    app.request('/convert', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    })

  it('writes one line per review with uid, versions, counts and outcome', async () => {
    const { app, entries } = logged()
    const objects = [cronTabV1beta1({ name: 'a' }), cronTabV1beta1({ name: 'b' })]
    await post(app, JSON.stringify(conversionReview({ uid: 'log-uid', objects })))
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      uid: 'log-uid',
      status: 200,
      outcome: 'Success',
      objectCount: 2,
      conversions: [
        { kind: 'CronTab', from: 'example.com/v1beta1', to: 'example.com/v1', count: 2 },
      ],
    })
    expect(entries[0]?.durationMs).toBeGreaterThanOrEqual(0)
  })

  it('never writes object contents, even when the review fails or is not JSON', async () => {
    const { app, entries } = logged()
    const secret = 'hunter2-s3cr3t'
    const objects = [
      cronTabV1beta1({ name: 'a', hostPort: { value: secret }, spec: { password: secret } }),
    ]
    await post(app, JSON.stringify(conversionReview({ objects })))
    await post(app, `{"password": "${secret}"`)
    await post(app, JSON.stringify({ apiVersion: secret }))
    expect(entries.map((entry) => entry.outcome)).toEqual(['Failed', 'Invalid', 'Invalid'])
    expect(JSON.stringify(entries)).not.toContain(secret)
  })
})
