// `crdconv status` measures the webhook's round trip through a real API server, with the distance
// proxy in front of crdconv's Node server, and predicts what it costs. What a loaded machine cannot
// move is held here: where the round trip comes from, that it is at least the added distance,
// the reviews each prediction counts, and that a LIST through the webhook takes at least one
// added round trip per object. How close the predicted milliseconds come to the measured ones is
// a timing, so the whole-system bench's to judge, never a test's (docs/performance.md).
import { expect, it } from 'vitest'
import type { ResourceStatus } from '../../../packages/crdconv/src/lifecycle/lifecycle-status.ts'
import { stallAfterBurstMs } from '../../../packages/crdconv/src/webhook-health/webhook-cost.ts'
import { describeWithApiServer } from '../../support/api-server.ts'
import {
  createCronTabs,
  cronTab,
  cronTabs,
  expectOk,
  conversionLabForSuite,
} from './conversion-lab.ts'

/** The added distance: 2 × 25 ms, a round trip of 50 ms. */
const ONE_WAY_MS = 25
const OBJECTS = 40
const BURST = 100

describeWithApiServer('crdconv status measures and predicts the webhook', (release) => {
  const oldest = release.name.includes('(oldest)')
  const lab = conversionLabForSuite(release)
  let serial = 0

  const report = async (kubeconfig?: string) => {
    const run = await lab.status(['--json'], kubeconfig)
    expect(run.stderr).toBe('')
    const resource = (JSON.parse(run.stdout) as { resources: ResourceStatus[] }).resources[0]
    const cost = resource?.webhook?.cost
    if (cost === undefined) throw new Error(`no cost in ${run.stdout.slice(0, 2000)}`)
    return { code: run.code, cost, resource: resource as ResourceStatus }
  }
  const atDistance = async <T>(oneWayMs: number, action: () => Promise<T>) => {
    lab.proxy.setOneWayMs(oneWayMs)
    try {
      return await action()
    } finally {
      lab.proxy.setOneWayMs(0)
    }
  }

  it('with no object stored, says so and times server-side dry-run creates instead', async () => {
    const run = await lab.status()
    expect(run.stdout).toContain('no object stored: server-side dry-run creates at v1')
    const { cost } = await report()
    expect(cost.roundTrip).toMatchObject({ probe: 'dry-run', source: 'metrics', version: 'v1' })
    expect(cost.storedObjects).toBe(0)
  })

  it(`reports a round trip from the API server's metrics that is at least the added distance, 2 × ${ONE_WAY_MS} ms`, async () => {
    await createCronTabs(lab, 'seed', OBJECTS)
    await lab.webhook.settle()
    const near = await report()
    const far = await atDistance(ONE_WAY_MS, report)
    expect([near.cost.roundTrip.probe, near.cost.storedObjects]).toEqual(['get', OBJECTS])
    expect(near.cost.storedAt).toBe(`all ${OBJECTS} at v1beta1`)
    expect(near.cost.serverVersion).toMatch(oldest ? /^v1\.20\./ : /^v1\.3\d\./)
    expect([near.cost.roundTrip.source, far.cost.roundTrip.source]).toEqual(['metrics', 'metrics'])
    // the mean of the API server's own histogram: every call crossed the proxy both ways
    expect(far.cost.roundTrip.ms).toBeGreaterThanOrEqual(2 * ONE_WAY_MS)
  })

  it('falls back to timing GETs against the storage version where the user may not read /metrics', async () => {
    await lab.kube([
      'create',
      'clusterrole',
      'status-reader',
      '--verb=get,list,create',
      '--resource=crontabs.example.com,customresourcedefinitions.apiextensions.k8s.io',
    ])
    await lab.kube([
      'create',
      'clusterrolebinding',
      'status-reader',
      '--clusterrole=status-reader',
      '--user=reader',
    ])
    const reader = await lab.server.kubeconfigFor('reader')
    const near = await report(reader)
    const far = await atDistance(2 * ONE_WAY_MS, () => report(reader))
    // a difference of two timed medians: its size is the bench's, its source is this test's
    expect([near.cost.roundTrip.source, far.cost.roundTrip.source]).toEqual(['timed', 'timed'])
    expect(far.cost.roundTrip).toMatchObject({ probe: 'get', version: 'v1' })
  })

  it(`predicts the reviews per write within a factor of two: ${BURST} creates at v1beta1, counted`, async () => {
    const { cost } = await report()
    await lab.webhook.settle()
    lab.webhook.reset()
    const writes = Array.from({ length: BURST }, () =>
      lab.api('POST', cronTabs('v1beta1'), cronTab('v1beta1', `write-${(serial += 1)}`))
    )
    for (const answer of await Promise.all(writes)) expectOk(answer)
    const tally = await lab.webhook.settle()
    const perWrite = tally.reviews / BURST
    expect(perWrite).toBeGreaterThanOrEqual(cost.cost.reviewsPerWrite / 2)
    expect(perWrite).toBeLessThanOrEqual(cost.cost.reviewsPerWrite * 2)
  })

  if (oldest) {
    it(`predicts a LIST at v1 through the webhook, 2 × ${ONE_WAY_MS} ms away: one review per object, one added round trip each at least`, async () => {
      await atDistance(ONE_WAY_MS, async () => {
        const { cost } = await report()
        const stored = await lab.stored()
        await lab.webhook.settle()
        lab.webhook.reset()
        const startedAt = performance.now()
        expectOk(await lab.api('GET', cronTabs('v1')))
        const listed = performance.now() - startedAt
        expect((await lab.webhook.settle()).reviews).toBe(stored)
        const predicted = (cost.cost.listThroughWebhookMs * stored) / cost.storedObjects
        expect(cost.cost.quietBurst).toBeUndefined()
        // the reviews of a LIST from etcd go one after another: each crosses the proxy both ways
        expect(listed).toBeGreaterThanOrEqual(stored * 2 * ONE_WAY_MS)
        expect(predicted).toBeGreaterThanOrEqual(stored * 2 * ONE_WAY_MS)
      })
    })
  } else {
    it(`predicts a consistent LIST at v1 right after a burst of ${BURST} writes, 2 × ${2 * ONE_WAY_MS} ms away: it waits for the cache, which converts each write once`, async () => {
      await atDistance(2 * ONE_WAY_MS, async () => {
        const { cost } = await report()
        expect(cost.cost.listsFromCache).toBe(true)
        expect(cost.cost.quietBurst).toBeGreaterThan(0)
        expect(stallAfterBurstMs(cost.cost, BURST, cost.roundTrip.ms)).toBeGreaterThan(0)
        const list = async () => JSON.parse(expectOk(await lab.api('GET', cronTabs('v1'))).body)
        await lab.webhook.settle()
        const atRest = await list()
        lab.webhook.reset()
        const writes = Array.from({ length: BURST }, () =>
          lab.api('POST', cronTabs('v1beta1'), cronTab('v1beta1', `burst-${(serial += 1)}`))
        )
        for (const answer of await Promise.all(writes)) expectOk(answer)
        // as bench/whole-system: the LIST sent right after; served once the v1 cache caught up
        const after = await list()
        expect(after.items.length).toBe(atRest.items.length + BURST)
        expect((await lab.webhook.settle()).reviews).toBe(BURST)
      })
    })
  }

  it('exits 0 with a review under --slow-ms, and flags a webhook slower than --slow-ms with exit code 1', async () => {
    // far over any review at loopback, however busy the machine
    const near = await lab.status(['--slow-ms', '5000'])
    expect(near.code, near.stdout).toBe(0)
    const far = await atDistance(ONE_WAY_MS, () => lab.status(['--slow-ms', String(ONE_WAY_MS)]))
    expect(far.code).toBe(1)
    expect(far.stdout).toContain('webhook state: SLOW')
    expect(far.stdout).toMatch(
      new RegExp(
        `\\[urgent\\] the webhook is slow: a review takes \\d+ ms through the API server \\(over --slow-ms ${ONE_WAY_MS}\\)`
      )
    )
    expect(far.stdout).toContain('fix: run the webhook in the cluster (crdconv serve) or nearer')
  })
})
