// The whole-system bench's command line and its report, without an API server.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DEFAULT_SYSTEM_OPTIONS, parseSystemOptions } from '../../../bench/whole-system/options.ts'
import { printSystem } from '../../../bench/whole-system/report.ts'
import type { SystemFigures } from '../../../bench/whole-system/figures.ts'

describe('bench:system options', () => {
  it('defaults to 0, 20, 50, 100 ms, 200 objects, a burst of 100, 10 s of idle, no 8-minute wait', () => {
    expect(parseSystemOptions([])).toEqual(DEFAULT_SYSTEM_OPTIONS)
    expect(DEFAULT_SYSTEM_OPTIONS).toMatchObject({
      rttMs: [0, 20, 50, 100],
      objects: 200,
      bursts: [100],
      idleGapsS: [10],
      idle: false,
      platforms: ['node', 'worker', 'lambda'],
    })
  })

  it('reads every flag', () => {
    expect(
      parseSystemOptions([
        '--rtt',
        '0,20',
        '--objects',
        '50',
        '--burst',
        '100,1000',
        '--idle-gaps',
        '10,60,120',
        '--idle',
        '--platforms',
        'worker,lambda',
        '--release',
        'v1.20',
      ])
    ).toEqual({
      rttMs: [0, 20],
      objects: 50,
      bursts: [100, 1000],
      idleGapsS: [10, 60, 120],
      idle: true,
      platforms: ['worker', 'lambda'],
      release: 'v1.20',
    })
    expect(parseSystemOptions(['--platforms', 'none']).platforms).toEqual([])
  })

  it('refuses what it cannot use, with the usage', () => {
    expect(() => parseSystemOptions(['--rtt', 'far'])).toThrow(/usage: bench:system/)
    expect(() => parseSystemOptions(['--objects', '0'])).toThrow(/whole number/)
    expect(() => parseSystemOptions(['--fast'])).toThrow(/unknown flag --fast/)
    expect(() => parseSystemOptions(['--platforms', 'node,vm'])).toThrow(/--platforms takes node/)
  })
})

describe('bench:system report', () => {
  afterEach(() => vi.restoreAllMocks())

  it('says when the idle reviews were not measured, and prints the 1.05× target', () => {
    const lines: string[] = []
    vi.spyOn(console, 'log').mockImplementation((text: string) => void lines.push(text))
    const timed = { ms: 12, reviews: 1, status: 200 }
    const subject = {
      getOther: timed,
      createOther: { ...timed, reviews: 3, byVersion: {} },
      crdUpdate: { ...timed, tries: 1 },
      writeReviews: { total: 1, byVersion: {} },
      listCaughtUp: { ...timed, reviews: 0 },
      bursts: [
        {
          writes: 100,
          catchUpMs: 300,
          maxInFlight: 10,
          listMs: 20,
          listStatus: 200,
          listReviews: 0,
          fellBackToEtcd: false,
          failed: false,
        },
      ],
    }
    const figures: SystemFigures = {
      date: '2026-01-01T00:00:00Z',
      load: [1, 1, 1],
      options: {},
      skipped: [],
      seconds: 1,
      releases: [
        {
          release: 'v1.37.2 (current)',
          version: 'v1.37.2',
          current: true,
          stored: 100,
          atDistance: [{ rttMs: 20, crdconv: subject, bare: subject, stallRatio: 1 }],
          idleGaps: [],
          idleReviews: 'not measured (run with --idle)',
          platforms: [
            {
              platform: 'Lambda runner over TLS',
              rttMs: 100,
              firstReviewMs: 412,
              idle: [{ gapS: 120, getMs: 530, status: 200, newConnection: true }],
            },
          ],
        },
      ],
    }
    printSystem(figures)
    const text = lines.join('\n')
    expect(text).toContain('within 1.05×')
    expect(text).toContain('1.00× PASS')
    expect(text).toContain('not measured (run with --idle)')
    expect(text).toMatch(/Lambda runner over TLS +100 ms +412 ms +120 s +530 ms +yes/)
  })
})
