// What the whole-system bench does at one round trip, after idle, and at idle, on both webhooks.
import type { Api } from './cluster-client.ts'
import { ok } from './cluster-client.ts'
import type { DistanceProxy } from '../../tools/distance-proxy/distance-proxy.ts'
import type { DistanceFigures, IdleGap, IdleReviews, SubjectFigures } from './figures.ts'
import type { SystemOptions } from './options.ts'
import {
  burst,
  collection,
  createAt,
  crdUpdate,
  getOne,
  list,
  OTHER,
  STORAGE,
  type Subject,
} from './measure.ts'

type Proxied = Subject & { readonly proxy: DistanceProxy }

const progress = (text: string) => process.stderr.write(`  … ${text}\n`)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Creates one object at `version`, measures it, and deletes it again (the count stays). */
async function createAndRemove(
  api: Api,
  subject: Subject,
  version: string,
  name: string,
  rttMs: number
) {
  const created = await createAt(api, subject, version, name, rttMs)
  ok(await api('DELETE', `${collection(subject, STORAGE)}/${name}`), 'delete')
  await subject.webhook.settle(Math.max(500, 4 * rttMs))
  return created
}

async function measureSubject(
  api: Api,
  subject: Subject,
  setting: { current: boolean; stored: number; rttMs: number; options: SystemOptions }
): Promise<SubjectFigures> {
  const { current, stored, rttMs } = setting
  progress(`${subject.name}: GET one object at ${OTHER}`)
  const getOther = await getOne(api, subject, 'obj-0', rttMs)
  progress(`${subject.name}: create at ${OTHER}`)
  const createOther = await createAndRemove(api, subject, OTHER, `other-${rttMs}`, rttMs)
  progress(`${subject.name}: CRD spec change, then a consistent LIST at ${OTHER}`)
  const update = await crdUpdate(api, subject, stored, rttMs)
  if (!current) {
    progress(`${subject.name}: quorum LIST of ${stored} at ${STORAGE} and at ${OTHER}`)
    const storage = await list(api, subject, STORAGE, rttMs)
    const other = await list(api, subject, OTHER, rttMs)
    const perObjectMs = (other.ms - storage.ms) / stored
    return { getOther, createOther, crdUpdate: update, list: { storage, other, perObjectMs } }
  }
  progress(`${subject.name}: create at ${STORAGE} (reviews per write)`)
  const write = await createAndRemove(api, subject, STORAGE, `write-${rttMs}`, rttMs)
  const listCaughtUp = await list(api, subject, OTHER, rttMs)
  const bursts = []
  for (const size of setting.options.bursts) {
    progress(`${subject.name}: burst of ${size} writes, then a consistent LIST at ${OTHER}`)
    bursts.push(await burst(api, subject, 'obj', size, stored, rttMs))
  }
  return {
    getOther,
    createOther,
    crdUpdate: update,
    writeReviews: { total: write.reviews, byVersion: write.byVersion },
    listCaughtUp,
    bursts,
  }
}

/** Both webhooks at one round trip, one after the other, and crdconv's stall over the bare one's. */
export async function measureAtDistance(
  api: Api,
  subjects: readonly Proxied[],
  setting: { current: boolean; stored: number; rttMs: number; options: SystemOptions }
): Promise<DistanceFigures> {
  const [crdconvSubject, bareSubject] = subjects as [Proxied, Proxied]
  const crdconv = await measureSubject(api, crdconvSubject, setting)
  const bare = await measureSubject(api, bareSubject, setting)
  const stall = (figures: SubjectFigures) =>
    figures.list?.perObjectMs ?? figures.bursts?.[0]?.listMs ?? Number.NaN
  // at loopback with few objects the added cost per object is within noise, even below 0: no ratio
  const measurable = stall(crdconv) > 0 && stall(bare) > 0
  return {
    rttMs: setting.rttMs,
    crdconv,
    bare,
    stallRatio: measurable ? stall(crdconv) / stall(bare) : null,
  }
}

/**
 * The first review after `gapsS` seconds of nothing, at `rttMs`: the time of a GET at the other
 * version, and whether the proxy saw a new connection (a new TCP and TLS handshake).
 */
export async function measureIdleGaps(
  api: Api,
  subjects: readonly Proxied[],
  gapsS: readonly number[],
  rttMs: number
): Promise<IdleGap[]> {
  const gaps: IdleGap[] = []
  for (const gapS of gapsS) {
    for (const subject of subjects) await subject.webhook.settle(500)
    progress(`idle ${gapS} s at ${rttMs} ms round trip, then a GET at ${OTHER} on each`)
    const before = subjects.map((subject) => subject.proxy.connections())
    await sleep(gapS * 1000)
    for (const [index, subject] of subjects.entries()) {
      // a failure here is a finding (the API server's reused connection was gone), not a crash
      const answer = await api('GET', `${collection(subject, OTHER)}/obj-0`)
      gaps.push({
        gapS,
        rttMs,
        subject: subject.name,
        getMs: answer.ms,
        status: answer.status,
        newConnection: subject.proxy.connections() > (before[index] ?? 0),
      })
    }
  }
  return gaps
}

/** The minutes the cache consistency check needs to run at least once (every 5 to 7.5 min). */
const IDLE_WAIT_S = 480
const MEAN_CHECK_INTERVAL_S = 375

/** Waits ~8 minutes with no client and counts the reviews each webhook answered. */
export async function measureIdleReviews(
  subjects: readonly Proxied[],
  stored: number
): Promise<IdleReviews> {
  for (const subject of subjects) {
    await subject.webhook.settle(1_000)
    subject.webhook.reset()
  }
  progress(`idle: ${IDLE_WAIT_S} s with no client, counting reviews`)
  await sleep(IDLE_WAIT_S * 1000)
  const [crdconv, bare] = subjects.map((subject) => subject.webhook.tally().reviews) as [
    number,
    number,
  ]
  const checks = Math.round(crdconv / stored)
  const perObjectPerCheck = checks > 0 ? crdconv / (checks * stored) : 0
  return {
    waitedS: IDLE_WAIT_S,
    reviews: { crdconv, bare },
    perObjectPerCheck,
    perHour: Math.round((perObjectPerCheck * stored * 3600) / MEAN_CHECK_INTERVAL_S),
  }
}
