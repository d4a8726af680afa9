// The whole-system bench (bench/whole-system/) run at a tiny size on the real API servers: the
// shape and sanity of its figures, checked against what docs/api-server-calls.md says each
// release does (which steps reach the webhook at all). No assertion is on a duration.
import { beforeAll, expect, it } from 'vitest'
import { benchRelease } from '../../../bench/whole-system/system-bench.ts'
import type { ReleaseFigures, SubjectFigures } from '../../../bench/whole-system/figures.ts'
import { API_SERVER_START_MS, describeWithApiServer } from '../../support/api-server.ts'

const OBJECTS = 4
const RTT_MS = [0, 20]

describeWithApiServer('the whole-system bench at a tiny size', (release) => {
  const oldest = release.name.includes('(oldest)')
  let figures: ReleaseFigures

  beforeAll(async () => {
    figures = await benchRelease(release, {
      rttMs: RTT_MS,
      objects: OBJECTS,
      bursts: [OBJECTS],
      idleGapsS: [1],
      idle: false,
      // the three runners once, on the current release, where the bench measures them
      platforms: ['node', 'worker', 'lambda'],
      release: undefined,
    })
  }, 4 * API_SERVER_START_MS)

  const both = (check: (figures: SubjectFigures, name: string) => void) => {
    for (const line of figures.atDistance) {
      check(line.crdconv, 'crdconv')
      check(line.bare, 'bare')
    }
  }

  it('measures crdconv and the bare webhook at every round trip asked for', () => {
    expect(figures.current).toBe(!oldest)
    expect(figures.stored).toBe(OBJECTS)
    expect(figures.atDistance.map((line) => line.rttMs)).toEqual(RTT_MS)
    both((subject) => {
      for (const timed of [subject.getOther, subject.createOther, subject.crdUpdate]) {
        expect(timed.ms).toBeGreaterThan(0)
        expect(timed.status).toBeLessThan(300)
      }
    })
    for (const line of figures.atDistance) {
      expect(line.stallRatio === null || line.stallRatio > 0).toBe(true)
    }
  })

  it('counts the reviews where the API server calls the webhook, and none where it does not', () => {
    both((subject) => {
      // a GET by name reads etcd on both releases: one review
      expect(subject.getOther.reviews).toBe(1)
      // a create at v1: 3 reviews on both releases
      expect(subject.createOther.reviews).toBe(3)
      // the caches filled again after a CRD change: one review per object at least
      expect(subject.crdUpdate.reviews).toBeGreaterThanOrEqual(OBJECTS)
    })
    for (const line of figures.atDistance) {
      expect(line.crdconv.createOther.byVersion).toEqual({
        'example.com/v1beta1': 1,
        'example.com/v1': 2,
      })
    }
  })

  if (oldest) {
    it('v1.20: a quorum LIST at v1 converts every object, at v1beta1 none; a cost per object', () => {
      both((subject) => {
        expect(subject.list?.storage.reviews).toBe(0)
        expect(subject.list?.other.reviews).toBe(OBJECTS)
        expect(Number.isFinite(subject.list?.perObjectMs)).toBe(true)
        expect(subject.bursts).toBeUndefined()
      })
      expect(figures.idleReviews).toBe('none on v1.20')
    })
  } else {
    it('current: a write costs one review for v1, a caught-up LIST none; a small burst stays in the cache', () => {
      both((subject, name) => {
        expect(subject.writeReviews?.total).toBe(1)
        if (name === 'crdconv')
          expect(subject.writeReviews?.byVersion).toEqual({ 'example.com/v1': 1 })
        expect(subject.listCaughtUp?.reviews).toBe(0)
        expect(subject.bursts).toHaveLength(1)
        const [burst] = subject.bursts ?? []
        expect(burst?.writes).toBe(OBJECTS)
        expect(burst?.catchUpMs).not.toBeNull()
        // reviews the webhook had in flight at once: at least one, never more than the writes
        expect(burst?.maxInFlight).toBeGreaterThanOrEqual(1)
        expect(burst?.maxInFlight).toBeLessThanOrEqual(OBJECTS)
        expect(burst?.listStatus).toBe(200)
        expect(burst?.failed).toBe(false)
        // 4 writes take the cache well under the 3 s a consistent LIST waits: no read from etcd
        expect(burst?.listReviews).toBe(0)
        expect(burst?.fellBackToEtcd).toBe(false)
      })
      expect(figures.idleReviews).toBe('not measured (run with --idle)')
    })
  }

  it('each runner answers its first review after start, and a GET through the API server after idle (current release)', () => {
    if (oldest) {
      expect(figures.platforms).toEqual([])
      return
    }
    expect(figures.platforms.map((platform) => platform.platform)).toEqual([
      'Node server over TLS',
      'Worker under wrangler dev over HTTPS',
      'Lambda runner over TLS',
    ])
    for (const platform of figures.platforms) {
      expect(platform.rttMs).toBe(Math.max(...RTT_MS))
      expect(platform.firstReviewMs).toBeGreaterThan(0)
      expect(platform.idle.map((gap) => gap.gapS)).toEqual([1])
      // whether the API server reuses its connection right after the CRD change is not crdconv's
      // to promise (node-server-limits and lambda-local tests hold the runners' own keep-alive)
      expect(typeof platform.idle[0]?.newConnection).toBe('boolean')
      // wrangler dev's local proxy is not Cloudflare's front end: its status is recorded, not held
      if (!platform.platform.startsWith('Worker')) expect(platform.idle[0]?.status).toBe(200)
    }
  })

  it('the first review after a short idle reuses the connection, on both webhooks', () => {
    expect(figures.idleGaps.map((gap) => gap.subject)).toEqual(['crdconv', 'bare'])
    for (const gap of figures.idleGaps) {
      expect(gap.rttMs).toBe(Math.max(...RTT_MS))
      expect(gap.getMs).toBeGreaterThan(0)
      expect(gap.newConnection).toBe(false)
    }
  })
})
