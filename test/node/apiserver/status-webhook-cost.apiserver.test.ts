// `crdconv status` measures the webhook's round trip through a real API server, with the distance
// proxy in front of crdconv's Node server, and predicts what it costs: the reported round trip
// follows the added distance, and each prediction is within a factor of two of what the test
// then measures (reviews per write; a LIST through the webhook on v1.20, the catch-up after a
// small burst on the current release).
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

/** The round trip `added` follows 2 × `oneWayMs` of distance: within a factor of two of it. */
function expectAdded(added: number, oneWayMs: number): void {
  expect(added, `${added.toFixed(1)} ms added by 2 × ${oneWayMs} ms`).toBeGreaterThan(oneWayMs)
  expect(added, `${added.toFixed(1)} ms added by 2 × ${oneWayMs} ms`).toBeLessThan(4 * oneWayMs)
}

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

  it(`reports a round trip that follows the added distance: 0 against 2 × ${ONE_WAY_MS} ms differ by ${2 * ONE_WAY_MS} ms within a factor of two`, async () => {
    await createCronTabs(lab, 'seed', OBJECTS)
    await lab.webhook.settle()
    const near = await report()
    const far = await atDistance(ONE_WAY_MS, report)
    expect([near.cost.roundTrip.probe, near.cost.storedObjects]).toEqual(['get', OBJECTS])
    expect(near.cost.storedAt).toBe(`all ${OBJECTS} at v1beta1`)
    expect(near.cost.serverVersion).toMatch(oldest ? /^v1\.20\./ : /^v1\.3\d\./)
    expectAdded(far.cost.roundTrip.ms - near.cost.roundTrip.ms, ONE_WAY_MS)
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
    // timed from outside the API server, so noisier than /metrics: a longer distance
    const far = await atDistance(2 * ONE_WAY_MS, () => report(reader))
    expect([near.cost.roundTrip.source, far.cost.roundTrip.source]).toEqual(['timed', 'timed'])
    expectAdded(far.cost.roundTrip.ms - near.cost.roundTrip.ms, 2 * ONE_WAY_MS)
  })

  it(`predicts the reviews per write within a factor of two: ${BURST} creates at v1beta1`, async () => {
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
    it(`predicts how long a LIST at v1 through the webhook takes, 2 × ${ONE_WAY_MS} ms away, within a factor of two`, async () => {
      await atDistance(ONE_WAY_MS, async () => {
        const { cost } = await report()
        const timedList = async (version: 'v1' | 'v1beta1') => {
          const startedAt = performance.now()
          expectOk(await lab.api('GET', cronTabs(version)))
          return performance.now() - startedAt
        }
        const through = (await timedList('v1')) - (await timedList('v1beta1'))
        const predicted =
          (cost.cost.listThroughWebhookMs * (await lab.stored())) / cost.storedObjects
        expect(cost.cost.quietBurst).toBeUndefined()
        expect(through).toBeGreaterThan(predicted / 2)
        expect(through).toBeLessThan(predicted * 2)
      })
    })
  } else {
    it(`predicts the stall of a consistent LIST at v1 right after a burst of ${BURST} writes, 2 × ${2 * ONE_WAY_MS} ms away, within a factor of two`, async () => {
      await atDistance(2 * ONE_WAY_MS, async () => {
        const { cost } = await report()
        expect(cost.cost.quietBurst).toBeGreaterThan(BURST)
        const predicted = stallAfterBurstMs(cost.cost, BURST, cost.roundTrip.ms)
        const timedList = async () => {
          const startedAt = performance.now()
          const answer = expectOk(await lab.api('GET', cronTabs('v1')))
          return { ms: performance.now() - startedAt, items: JSON.parse(answer.body).items.length }
        }
        await lab.webhook.settle()
        const atRest = await timedList()
        lab.webhook.reset()
        const writes = Array.from({ length: BURST }, () =>
          lab.api('POST', cronTabs('v1beta1'), cronTab('v1beta1', `burst-${(serial += 1)}`))
        )
        for (const answer of await Promise.all(writes)) expectOk(answer)
        // as bench/whole-system: the LIST sent right after; served once the v1 cache caught up
        const after = await timedList()
        expect(after.items).toBe(atRest.items + BURST)
        expect((await lab.webhook.settle()).reviews).toBe(BURST)
        const stall = after.ms - atRest.ms
        const figures = `stalled ${stall.toFixed(0)} ms, predicted ${predicted.toFixed(0)} ms`
        expect(stall, figures).toBeGreaterThan(predicted / 2)
        expect(stall, figures).toBeLessThan(predicted * 2)
      })
    })
  }

  it('exits 0 at loopback, and flags a webhook slower than --slow-ms with exit code 1', async () => {
    const near = await lab.status()
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
