// The steps the whole-system bench times on one webhook (crdconv's or the bare one) behind its
// proxy, each with the reviews the webhook answered for it. No step asserts anything: what the
// API server did is in the figures (reviews, status), for the report to show.
import type { Answer, Api } from './cluster-client.ts'
import { ok } from './cluster-client.ts'
import type { CountedWebhook } from './counting-server.ts'

export const STORAGE = 'v1beta1'
export const OTHER = 'v1'

/** One webhook under test: its counted server, its proxy and the group of its CRD. */
export interface Subject {
  readonly name: 'crdconv' | 'bare'
  readonly group: string
  readonly webhook: CountedWebhook
}

export interface Timed {
  readonly ms: number
  readonly reviews: number
  readonly status: number
}

export const collection = (subject: Subject, version: string, query = '') =>
  `/apis/${subject.group}/${version}/namespaces/default/crontabs${query === '' ? '' : `?${query}`}`

/** A CronTab as written at `version` (v1beta1 keeps `hostPort`, v1 `host` and `port`). */
export function cronTab(subject: Subject, version: string, name: string): Record<string, unknown> {
  const address =
    version === STORAGE ? { hostPort: 'localhost:1234' } : { host: 'localhost', port: '1234' }
  return {
    apiVersion: `${subject.group}/${version}`,
    kind: 'CronTab',
    metadata: { name, namespace: 'default' },
    ...address,
    spec: { cronSpec: '* * * * */5', image: 'my-cron-image', replicas: 1 },
  }
}

/** Quiet time before a count is read: long enough for a review in flight at this distance. */
const quiet = (rttMs: number) => Math.max(500, 4 * rttMs)

/** Runs `action`, then counts the reviews until the webhook is quiet. */
async function counted(
  subject: Subject,
  rttMs: number,
  action: () => Promise<{ ms: number; status: number }>
): Promise<Timed & { byVersion: Readonly<Record<string, number>> }> {
  await subject.webhook.settle(quiet(rttMs))
  subject.webhook.reset()
  const { ms, status } = await action()
  const tally = await subject.webhook.settle(quiet(rttMs))
  return { ms, status, reviews: tally.reviews, byVersion: tally.byVersion }
}

/** Creates `count` objects at the storage version, 16 at a time, named `prefix-N`. */
export async function createObjects(
  api: Api,
  subject: Subject,
  prefix: string,
  from: number,
  count: number
): Promise<void> {
  for (let start = from; start < from + count; start += 16) {
    const batch = Array.from({ length: Math.min(16, from + count - start) }, (_, index) =>
      api(
        'POST',
        collection(subject, STORAGE),
        cronTab(subject, STORAGE, `${prefix}-${start + index}`)
      )
    )
    for (const answer of await Promise.all(batch)) ok(answer, 'create')
  }
}

/** A quorum LIST (no resourceVersion) at `version`. */
export const list = (api: Api, subject: Subject, version: string, rttMs: number) =>
  counted(subject, rttMs, () => api('GET', collection(subject, version)))

/** GET of one object by name at the other version. */
export const getOne = (api: Api, subject: Subject, name: string, rttMs: number) =>
  counted(subject, rttMs, () => api('GET', `${collection(subject, OTHER)}/${name}`))

/** A create at `version`; its reviews by version (crdconv's count only). */
export const createAt = (
  api: Api,
  subject: Subject,
  version: string,
  name: string,
  rttMs: number
) =>
  counted(subject, rttMs, () =>
    api('POST', collection(subject, version), cronTab(subject, version, name))
  )

/** The parts of a CronTab CRD that the bench changes. */
export interface CronTabCrd {
  spec: {
    versions: { schema: { openAPIV3Schema: { description?: string } } }[]
    conversion: { webhook: { clientConfig: { url: string } } }
  }
}

/**
 * Changes the subject's CRD with `edit`, then waits until a consistent LIST at the other version
 * answers 200 with every object (and `refilled()` holds): the caches rebuilt for the change have
 * converted through the webhook. A LIST alone would not do: right after the change it may still
 * be answered by the old cache. `ms` runs from the PUT; `status` is not 200 after 180 s.
 */
export async function changeCrd(
  api: Api,
  subject: Subject,
  stored: number,
  edit: (crd: CronTabCrd) => void,
  refilled: () => boolean = () => true
): Promise<{ ms: number; status: number; tries: number }> {
  const path = `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/crontabs.${subject.group}`
  const crd = JSON.parse(ok(await api('GET', path), 'GET CRD').body) as CronTabCrd
  edit(crd)
  const startedAt = performance.now()
  const elapsed = () => performance.now() - startedAt
  ok(await api('PUT', path, crd), 'PUT CRD')
  for (let tries = 1; ; tries += 1) {
    // the API server builds the new cache on the first request that needs it: keep asking
    const answer = await api('GET', collection(subject, OTHER))
    const items = answer.status === 200 ? (JSON.parse(answer.body).items as unknown[]) : []
    if (refilled() && items.length >= stored) {
      const ms = elapsed()
      // v1.20 builds the storage version's cache lazily too, through the webhook (docs/api-server-calls.md):
      // a read at it now keeps those reviews in this change's count, not in the next step's
      ok(
        await listWhileInitializing(api, collection(subject, STORAGE)),
        'LIST after the CRD change'
      )
      return { ms, status: 200, tries }
    }
    if (elapsed() > REFILL_TIMEOUT_MS) return { ms: elapsed(), status: answer.status, tries }
    await sleep(50)
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A LIST, asked again while the API server answers 429 for a cache it is (re)initializing. */
async function listWhileInitializing(api: Api, path: string): Promise<Answer> {
  const deadline = Date.now() + REFILL_TIMEOUT_MS
  for (;;) {
    const answer = await api('GET', path)
    if (answer.status !== 429 || Date.now() > deadline) return answer
    await sleep(100)
  }
}

/**
 * A spec change of the CRD (a schema description): the time until the other version's watch
 * cache has been filled again through the webhook (one review per stored object at least).
 */
export async function crdUpdate(
  api: Api,
  subject: Subject,
  stored: number,
  rttMs: number
): Promise<Timed & { tries: number }> {
  let tries = 0
  const result = await counted(subject, rttMs, async () => {
    const change = await changeCrd(
      api,
      subject,
      stored,
      (crd) => {
        for (const version of crd.spec.versions) {
          version.schema.openAPIV3Schema.description = `whole-system bench ${Date.now()}`
        }
      },
      () => subject.webhook.tally().reviews >= stored
    )
    tries = change.tries
    return change
  })
  return { ...result, tries }
}

const REFILL_TIMEOUT_MS = 180_000

export interface Burst {
  readonly writes: number
  /** From the first write sent until the webhook answered one review per write (null: not in 120 s). */
  readonly catchUpMs: number | null
  /** The most reviews the webhook had in flight at once while the cache caught up. */
  readonly maxInFlight: number
  /** The consistent LIST at the other version sent right after a second burst. */
  readonly listMs: number
  readonly listStatus: number
  /** Reviews beyond the writes' own (one each): the LIST's, read from etcd through the webhook. */
  readonly listReviews: number
  readonly fellBackToEtcd: boolean
  /** The LIST failed on the request timeout (HTTP 504 / Timeout). */
  readonly failed: boolean
}

/** `count` merge patches (a label) of objects `prefix-0…`, sent at once at the storage version. */
async function labelAll(api: Api, subject: Subject, prefix: string, count: number, value: string) {
  const writes = Array.from({ length: count }, (_, index) =>
    api(
      'PATCH',
      `${collection(subject, STORAGE)}/${prefix}-${index}`,
      { metadata: { labels: { bench: value } } },
      'application/merge-patch+json'
    )
  )
  for (const answer of await Promise.all(writes)) ok(answer, 'label')
}

/**
 * A burst of `count` writes at the storage version: once alone (how long the other version's cache
 * takes to catch up), once followed at once by a consistent LIST at the other version.
 */
export async function burst(
  api: Api,
  subject: Subject,
  prefix: string,
  count: number,
  stored: number,
  rttMs: number
): Promise<Burst> {
  await subject.webhook.settle(quiet(rttMs))
  subject.webhook.reset()
  const startedAt = performance.now()
  await labelAll(api, subject, prefix, count, `a${Date.now()}`)
  const caughtUp = await subject.webhook.whenAnswered(count, 120_000)
  const catchUpMs = caughtUp ? performance.now() - startedAt : null
  const { maxInFlight } = subject.webhook.tally()

  await subject.webhook.settle(quiet(rttMs))
  subject.webhook.reset()
  await labelAll(api, subject, prefix, count, `b${Date.now()}`)
  const answer = await api('GET', collection(subject, OTHER))
  const tally = await subject.webhook.settle(quiet(rttMs))
  const listReviews = Math.max(0, tally.reviews - count)
  return {
    writes: count,
    catchUpMs,
    maxInFlight,
    listMs: answer.ms,
    listStatus: answer.status,
    listReviews,
    // served from the cache, the LIST costs no review: more than a few of its own mean it read etcd
    // (one review per object until it ends or hits the 60 s request timeout)
    fellBackToEtcd: answer.status === 504 || listReviews >= Math.min(10, stored),
    failed: answer.status === 504 || answer.body.includes('Timeout'),
  }
}
