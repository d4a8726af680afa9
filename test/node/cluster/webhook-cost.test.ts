import { describe, expect, it } from 'vitest'
import {
  predictWebhookCost,
  REQUEST_PRICES,
  stallAfterBurstMs,
} from '../../../packages/crdconv/src/webhook-health/webhook-cost.ts'

const current = { minor: 37, otherServedVersions: 1 }
const oldest = { minor: 20, otherServedVersions: 1 }

describe('predictWebhookCost', () => {
  it.each([
    // release, served beside storage, reviews per write
    [20, 1, 1],
    [37, 1, 1],
    [37, 3, 3],
    [37, 0, 0],
  ])('on 1.%i with %i other served version(s), a write costs %i review(s)', (minor, other, per) => {
    const cost = predictWebhookCost({
      minor,
      otherServedVersions: other,
      reviewMs: 10,
      storedObjects: 100,
    })
    expect(cost.reviewsPerWrite).toBe(per)
  })

  it('reads LISTs from the watch cache from 1.31 on, with 10 reviews at once from 1.37', () => {
    const at = (minor: number) =>
      predictWebhookCost({ minor, otherServedVersions: 1, reviewMs: 10, storedObjects: 1 })
    expect(
      [at(20), at(31), at(37)].map((cost) => [cost.listsFromCache, cost.concurrentReviews])
    ).toEqual([
      [false, 1],
      [true, 1],
      [true, 10],
    ])
  })

  it('lets through unnoticed the burst its caches convert within the 3 s a consistent LIST waits', () => {
    const cost = predictWebhookCost({ ...current, reviewMs: 100, storedObjects: 500 })
    expect(cost.quietBurst).toBe(300)
    expect(stallAfterBurstMs(cost, 300, 100)).toBe(3_000)
    expect(
      predictWebhookCost({ ...oldest, reviewMs: 100, storedObjects: 500 }).quietBurst
    ).toBeUndefined()
  })

  it('sends a consistent LIST after a larger burst to etcd, one review per object', () => {
    const cost = predictWebhookCost({ ...current, reviewMs: 100, storedObjects: 500 })
    expect(stallAfterBurstMs(cost, 500, 100)).toBe(3_000 + 500 * 100)
  })

  it('fails a LIST through the webhook once objects times the round trip pass 60 s', () => {
    const near = predictWebhookCost({ ...oldest, reviewMs: 300, storedObjects: 200 })
    const far = predictWebhookCost({ ...oldest, reviewMs: 300, storedObjects: 250 })
    expect([near.listFails, far.listFails, far.listFailsAbove]).toEqual([false, true, 200])
  })

  it('counts the consistency check from 1.34: every object per other version every 6.25 minutes', () => {
    const cost = predictWebhookCost({
      minor: 37,
      otherServedVersions: 1,
      reviewMs: 20,
      storedObjects: 10_000,
    })
    expect(cost.idleReviewsPerHour).toBe(96_000)
    expect(
      predictWebhookCost({ minor: 33, otherServedVersions: 1, reviewMs: 20, storedObjects: 10_000 })
        .idleReviewsPerHour
    ).toBe(0)
    const workers = cost.idleMonthlyUsd.find((price) => price.platform === 'Cloudflare Workers')
    const perMillion = REQUEST_PRICES.find((price) => price.platform === 'Cloudflare Workers')
    expect(workers?.usd).toBeCloseTo((96_000 * 730 * (perMillion?.perMillionUsd ?? 0)) / 1e6, 6)
  })
})
