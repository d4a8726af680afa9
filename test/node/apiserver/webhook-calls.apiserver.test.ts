// Which operations of a real API server call the conversion webhook, and how many reviews each
// costs, on v1.20 and on the current release: the CronTab CRD is stored at v1beta1 and served at
// v1beta1 and v1, its webhook is crdconv's Node server, counted (conversion-lab.ts). The counts
// are exact where the API server is deterministic; docs/api-server-calls.md has the table.
import { beforeAll, describe, expect, it } from 'vitest'
import { API_SERVER_START_MS, describeWithApiServer } from '../../support/api-server.ts'
import {
  CRD_NAME,
  createCronTabs,
  cronTab,
  cronTabPath,
  cronTabs,
  expectOk,
  conversionLabForSuite,
  type ConversionLab,
  until,
  type ApiAnswer,
  type Version,
} from './conversion-lab.ts'

const SEED = 20
/** How long the v1 cache may take to be rebuilt after a change of the CRD: under the test's 120 s. */
const REBUILD_DEADLINE_MS = 90_000
const V1 = 'example.com/v1'
const V1BETA1 = 'example.com/v1beta1'

/** Reviews an operation costs: the total, and per desired version; per release where they differ. */
interface Cost {
  readonly reviews: number | ((objects: number) => number)
  readonly byVersion?: Readonly<Record<string, number>>
}
type Era = 'oldest' | 'current'

interface Row {
  readonly name: string
  /** Run before counting starts: create the object the operation works on. */
  readonly prepare?: (lab: ConversionLab, name: string) => Promise<unknown>
  readonly run: (lab: ConversionLab, name: string) => Promise<ApiAnswer>
  readonly cost: Cost | Readonly<Record<Era, Cost>>
}

const createAt = (version: Version) => (lab: ConversionLab, name: string) =>
  lab.api('POST', cronTabs(version), cronTab(version, name)).then(expectOk)
const merge = (replicas: number) => ({ spec: { replicas } })
const patchAt =
  (version: Version, body: unknown, type: string, query = '') =>
  (lab: ConversionLab, name: string) =>
    lab.api('PATCH', `${cronTabPath(version, name)}${query}`, body, type)
const updateAt = (version: Version) => async (lab: ConversionLab, name: string) => {
  // read from the watch cache (resourceVersion=0): a GET from etcd would cost a review of its own
  const read = await lab.api('GET', `${cronTabPath(version, name)}?resourceVersion=0`)
  const current = JSON.parse(read.body)
  return lab.api('PUT', cronTabPath(version, name), { ...current, spec: merge(2).spec })
}
const applyAt = (version: Version) => (lab: ConversionLab, name: string) =>
  patchAt(
    version,
    { apiVersion: `example.com/${version}`, kind: 'CronTab', metadata: { name }, ...merge(4) },
    'application/apply-patch+yaml',
    '?fieldManager=apply-test&force=true'
  )(lab, name)

/** Every object's first review converts it to v1 for the v1 watch cache: the event costs one. */
const READS: readonly Row[] = [
  {
    name: 'GET by name at v1beta1 (the storage version): none',
    run: (lab) => lab.api('GET', cronTabPath('v1beta1', 'seed-1')),
    cost: { reviews: 0 },
  },
  {
    name: 'GET by name at v1: one, read from etcd on both releases',
    run: (lab) => lab.api('GET', cronTabPath('v1', 'seed-1')),
    cost: { reviews: 1, byVersion: { [V1]: 1 } },
  },
  {
    name: 'GET by name at v1 with resourceVersion=0: none, served from the watch cache',
    run: (lab) => lab.api('GET', `${cronTabPath('v1', 'seed-1')}?resourceVersion=0`),
    cost: { reviews: 0 },
  },
  {
    name: 'LIST at v1beta1: none',
    run: (lab) => lab.api('GET', cronTabs('v1beta1')),
    cost: { reviews: 0 },
  },
  {
    name: 'LIST at v1 without resourceVersion: one per object on v1.20 (etcd), none on the current release (watch cache)',
    run: (lab) => lab.api('GET', cronTabs('v1')),
    cost: {
      oldest: { reviews: (objects) => objects },
      current: { reviews: 0 },
    },
  },
  {
    name: 'LIST at v1 with resourceVersion=0: none, from the watch cache',
    run: (lab) => lab.api('GET', cronTabs('v1', 'resourceVersion=0')),
    cost: { reviews: 0 },
  },
  {
    name: 'LIST at v1 with limit=5: one per object of the page on v1.20, none on the current release',
    run: (lab) => lab.api('GET', cronTabs('v1', 'limit=5')),
    cost: { oldest: { reviews: 5 }, current: { reviews: 0 } },
  },
  {
    name: 'LIST at v1 at an exact resourceVersion: one per object on v1.20, none on the current release',
    run: async (lab) => {
      const at = JSON.parse((await lab.api('GET', cronTabs('v1beta1'))).body).metadata
        .resourceVersion
      return lab.api('GET', cronTabs('v1', `resourceVersion=${at}&resourceVersionMatch=Exact`))
    },
    cost: { oldest: { reviews: (objects) => objects }, current: { reviews: 0 } },
  },
]

const WRITES: readonly Row[] = [
  {
    name: 'create at v1beta1: one, the v1 cache converting the event',
    run: createAt('v1beta1'),
    cost: { reviews: 1, byVersion: { [V1]: 1 } },
  },
  {
    name: 'create at v1: three (encode to v1beta1, decode the result, the v1 cache event)',
    run: createAt('v1'),
    cost: { reviews: 3, byVersion: { [V1BETA1]: 1, [V1]: 2 } },
  },
  {
    name: 'update at v1beta1: one, the cache event',
    prepare: createAt('v1beta1'),
    run: updateAt('v1beta1'),
    cost: { reviews: 1, byVersion: { [V1]: 1 } },
  },
  {
    name: 'update at v1: seven (5 to v1beta1, 2 to v1)',
    prepare: createAt('v1beta1'),
    run: updateAt('v1'),
    cost: { reviews: 7, byVersion: { [V1BETA1]: 5, [V1]: 2 } },
  },
  {
    name: 'merge patch at v1beta1: one, the cache event',
    prepare: createAt('v1beta1'),
    run: patchAt('v1beta1', merge(3), 'application/merge-patch+json'),
    cost: { reviews: 1, byVersion: { [V1]: 1 } },
  },
  {
    name: 'merge patch at v1: seven (5 to v1beta1, 2 to v1)',
    prepare: createAt('v1beta1'),
    run: patchAt('v1', merge(3), 'application/merge-patch+json'),
    cost: { reviews: 7, byVersion: { [V1BETA1]: 5, [V1]: 2 } },
  },
  {
    name: 'server-side apply at v1beta1: one, the cache event',
    prepare: createAt('v1beta1'),
    run: applyAt('v1beta1'),
    cost: { reviews: 1, byVersion: { [V1]: 1 } },
  },
  {
    name: 'server-side apply at v1: seven (5 to v1beta1, 2 to v1)',
    prepare: createAt('v1beta1'),
    run: applyAt('v1'),
    cost: { reviews: 7, byVersion: { [V1BETA1]: 5, [V1]: 2 } },
  },
  {
    name: 'merge patch at v1beta1 of an object created at v1: four (managedFields keep a v1 entry)',
    prepare: createAt('v1'),
    run: patchAt('v1beta1', merge(5), 'application/merge-patch+json'),
    cost: { reviews: 4, byVersion: { [V1]: 4 } },
  },
  {
    name: 'delete at v1beta1: one, the cache event',
    prepare: createAt('v1beta1'),
    run: (lab, name) => lab.api('DELETE', cronTabPath('v1beta1', name)),
    cost: { reviews: 1, byVersion: { [V1]: 1 } },
  },
  {
    name: 'delete at v1: four',
    prepare: createAt('v1beta1'),
    run: (lab, name) => lab.api('DELETE', cronTabPath('v1', name)),
    cost: {
      oldest: { reviews: 4, byVersion: { [V1]: 4 } },
      current: { reviews: 4, byVersion: { [V1]: 3, [V1BETA1]: 1 } },
    },
  },
]

describeWithApiServer('what calls the conversion webhook', (release) => {
  const era: Era = release.name.includes('(oldest)') ? 'oldest' : 'current'
  const lab = conversionLabForSuite(release)
  let serial = 0

  beforeAll(async () => {
    await createCronTabs(lab, 'seed', SEED)
    await lab.webhook.settle()
  }, API_SERVER_START_MS)

  /** Runs one row: prepares, counts from zero, runs, waits for quiet, compares. */
  const check = async (row: Row) => {
    const name = `row-${(serial += 1)}`
    if (row.prepare !== undefined) await row.prepare(lab, name)
    const stored = await lab.stored()
    await lab.webhook.settle()
    lab.webhook.reset()
    expectOk(await row.run(lab, name))
    const tally = await lab.webhook.settle()
    const cost = 'reviews' in row.cost ? row.cost : row.cost[era]
    const reviews = typeof cost.reviews === 'number' ? cost.reviews : cost.reviews(stored)
    expect(tally.reviews).toBe(reviews)
    // always one object per review: the API server never batches
    expect(tally.objects).toBe(reviews)
    if (cost.byVersion !== undefined && typeof cost.reviews === 'number')
      expect(tally.byVersion).toEqual(cost.byVersion)
  }

  describe('reads', () => {
    // it(row.name) and not it.each: $name would be cut short in the report
    for (const row of READS) it(row.name, () => check(row))
  })

  describe('writes (one review per object; each counted alone)', () => {
    for (const row of WRITES) it(row.name, () => check(row))
  })

  it('WATCH at v1: watchers add no review; the cache converts each event once for all of them', async () => {
    const at = JSON.parse((await lab.api('GET', cronTabs('v1beta1'))).body).metadata.resourceVersion
    await lab.webhook.settle()
    lab.webhook.reset()
    const fromZero = await lab.watch(cronTabs('v1', 'watch=true&resourceVersion=0'))
    const watchers = await Promise.all(
      [1, 2, 3].map(() => lab.watch(cronTabs('v1', `watch=true&resourceVersion=${at}`)))
    )
    try {
      // the initial events of a watch from resourceVersion=0 come from the cache: no review
      await until(() => fromZero.events().length >= SEED)
      expect(lab.webhook.started()).toBe(0)
      expectOk(await createAt('v1beta1')(lab, 'watched'))
      await until(() =>
        [fromZero, ...watchers].every((one) => one.events().includes('ADDED watched'))
      )
      expect((await lab.webhook.settle()).reviews).toBe(1)
    } finally {
      for (const one of [fromZero, ...watchers]) one.close()
    }
  })

  it(`a change of the CRD's spec rebuilds the v1 cache at the next read at v1: ${era === 'oldest' ? 'two reviews per object on v1.20' : 'one review per object on the current release'} (read again until they come, for at most ${REBUILD_DEADLINE_MS / 1000} s)`, async () => {
    const stored = await lab.stored()
    await lab.webhook.settle()
    lab.webhook.reset()
    const change = [
      {
        op: 'replace',
        path: '/spec/versions/0/schema/openAPIV3Schema/description',
        value: 'changed',
      },
    ]
    await lab.kube(['patch', 'crd', CRD_NAME, '--type=json', '-p', JSON.stringify(change)])
    const expected = era === 'oldest' ? 2 * stored : stored
    // a read that reaches the API server before it has taken the change is answered by the old
    // cache, which is then torn down, and the new one loads only when asked (the current release
    // answers 429 while it loads): so read until the new cache's reviews have come, as the bench does
    const deadline = Date.now() + REBUILD_DEADLINE_MS
    while (lab.webhook.started() < expected) {
      if (Date.now() > deadline) {
        throw new Error(
          `${lab.webhook.started()} of ${expected} reviews ${REBUILD_DEADLINE_MS / 1000} s after the change of ${CRD_NAME}: its v1 cache was not rebuilt`
        )
      }
      const answer = await lab.api('GET', cronTabs('v1', 'resourceVersion=0'))
      if (answer.status !== 429) expectOk(answer)
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    const tally = await lab.webhook.settle(3_000)
    expect(tally.objects).toBe(tally.reviews)
    expect(tally.reviews).toBe(expected)
  })
})
