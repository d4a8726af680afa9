// A webhook far from the API server (the distance proxy adds a delay each way), on v1.20 and on
// the current release: how many reviews run at once, when a consistent LIST stops waiting for its
// watch cache and reads etcd through the webhook instead, and when such a LIST fails on the API
// server's request timeout (15 s here, `--request-timeout`: the default 60 s fails the same way,
// at four times the objects and the wait). The counts are the webhook's own; no assertion is on a
// duration.
import { expect, it } from 'vitest'
import { describeWithApiServer } from '../../support/api-server.ts'
import {
  KUBECTL_TIMEOUT,
  createCronTabs,
  cronTab,
  cronTabs,
  expectOk,
  conversionLabForSuite,
} from './conversion-lab.ts'

/** Writes sent at once, each on its own connection: more than the API server decodes at a time. */
const BURST = 60
/** The API server's limit on a non-long-running request, in seconds. */
const REQUEST_TIMEOUT_SECONDS = 15
/** Objects for the LIST that times out: 80 × (2 × 150 ms) = 24 s of reviews, over 15 s. */
const TIMEOUT_OBJECTS = 80
const TIMEOUT_ONE_WAY_MS = 150

describeWithApiServer('a far webhook', (release) => {
  const oldest = release.name.includes('(oldest)')
  const lab = conversionLabForSuite(release, { requestTimeoutSeconds: REQUEST_TIMEOUT_SECONDS })
  let serial = 0

  /**
   * Holds the review the v1 cache sends for one new write until `release` is called: the cache
   * is behind etcd while it lasts, as after a burst of writes to a far webhook.
   */
  const holdTheCache = async () => {
    await lab.webhook.settle()
    lab.webhook.reset()
    const hold = lab.webhook.holdNext()
    expectOk(
      await lab.api('POST', cronTabs('v1beta1'), cronTab('v1beta1', `held-${(serial += 1)}`))
    )
    await hold.held
    return hold.release
  }

  it(`a burst of ${BURST} writes at v1beta1, 2 × 50 ms away: one review per write, ${oldest ? 'one at a time on v1.20' : 'several at once (at most 10) on the current release'}`, async () => {
    lab.proxy.setOneWayMs(50)
    try {
      await lab.webhook.settle()
      lab.webhook.reset()
      const writes = Array.from({ length: BURST }, (_, index) =>
        lab.api('POST', cronTabs('v1beta1'), cronTab('v1beta1', `burst-${index}`))
      )
      for (const answer of await Promise.all(writes)) expectOk(answer)
      const tally = await lab.webhook.settle()
      expect(tally.reviews).toBe(BURST)
      expect(tally.maxObjectsPerReview).toBe(1)
      if (oldest) expect(tally.maxInFlight).toBe(1)
      else expect(tally.maxInFlight).toBeGreaterThan(1)
      expect(tally.maxInFlight).toBeLessThanOrEqual(10)
    } finally {
      lab.proxy.setOneWayMs(0)
    }
  })

  it(`a consistent LIST at v1 while the v1 cache is behind for about 1 s: ${oldest ? 'reads etcd anyway on v1.20, one review per object' : 'waits and is served from the cache, no review of its own'}`, async () => {
    const stored = (await lab.stored()) + 1
    const letGo = await holdTheCache()
    const list = lab.api('GET', cronTabs('v1'))
    // well inside the API server's 3 s wait (blockTimeout) for the cache to catch up
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    letGo()
    const answer = expectOk(await list)
    expect(JSON.parse(answer.body).items).toHaveLength(stored)
    const tally = await lab.webhook.settle()
    // the held review (the cache's) plus, on v1.20, the LIST's own from etcd
    expect(tally.reviews).toBe(oldest ? 1 + stored : 1)
  })

  it('a consistent LIST at v1 while the v1 cache stays behind: stops waiting and reads etcd, one review per object, one at a time', async () => {
    const stored = (await lab.stored()) + 1
    const letGo = await holdTheCache()
    const list = lab.api('GET', cronTabs('v1'))
    // the LIST's first review from etcd: on the current release, only once it stopped waiting
    await lab.webhook.whenStarted(2)
    letGo()
    const answer = expectOk(await list)
    expect(JSON.parse(answer.body).items).toHaveLength(stored)
    const tally = await lab.webhook.settle()
    expect(tally.reviews).toBe(1 + stored)
    expect(tally.maxObjectsPerReview).toBe(1)
    // the LIST converts item after item: with the cache's review let go, at most two at once
    expect(tally.maxInFlight).toBeLessThanOrEqual(2)
  })

  it(
    `a consistent LIST at v1 of ${TIMEOUT_OBJECTS} objects read from etcd, 2 × ${TIMEOUT_ONE_WAY_MS} ms away: fails with the ${REQUEST_TIMEOUT_SECONDS} s request timeout; ${oldest ? 'v1.20 still converts every object' : 'the current release stops converting at the deadline'}`,
    { timeout: 240_000 },
    async () => {
      const more = TIMEOUT_OBJECTS - (await lab.stored())
      await createCronTabs(lab, 'many', more)
      await lab.webhook.settle()
      lab.proxy.setOneWayMs(TIMEOUT_ONE_WAY_MS)
      try {
        // v1.20 reads etcd for this LIST anyway; the current release does once its cache is behind
        const letGo = oldest ? () => undefined : await holdTheCache()
        if (oldest) {
          await lab.webhook.settle()
          lab.webhook.reset()
        }
        const list = lab.kubeRun(['get', 'crontabs.v1.example.com', '-o', 'name'])
        await lab.webhook.whenStarted(oldest ? 1 : 2)
        letGo()
        const run = await list
        expect(run.code).not.toBe(0)
        expect(run.stderr).toContain(KUBECTL_TIMEOUT)
        const tally = await lab.webhook.settle(3_000)
        const listReviews = tally.reviews - (oldest ? 0 : 1)
        if (oldest) {
          // v1.20 goes on converting after it answered the client: every object, for nothing
          expect(listReviews).toBe(TIMEOUT_OBJECTS)
        } else {
          // the current release checks the deadline between items and stops there
          expect(listReviews).toBeGreaterThan(0)
          expect(listReviews).toBeLessThan(TIMEOUT_OBJECTS)
        }
      } finally {
        lab.proxy.setOneWayMs(0)
      }
    }
  )
})
