// The whole-system figures as tables: printed on stdout by the bench, and rendered into
// docs/performance.md by `npm run docs:figures` (scripts/bench-figures.ts), from the same rows.
import { printTable } from '../bench-support.ts'
import type { DistanceFigures, ReleaseFigures, SubjectFigures, SystemFigures } from './figures.ts'

/** The target: crdconv's stall within this factor of the bare webhook's. */
export const STALL_TARGET = 1.05

/** One table: `key` names its region in the docs, the same on every run. */
export interface SystemTable {
  readonly key: string
  readonly title: string
  readonly header: readonly string[]
  readonly rows: readonly (readonly string[])[]
}

const ms = (value: number | null | undefined) =>
  value === null || value === undefined
    ? '—'
    : value < 10
      ? `${value.toFixed(2)} ms`
      : value < 10_000
        ? `${Math.round(value).toLocaleString('en')} ms`
        : `${(value / 1000).toFixed(1)} s`

const versions = (byVersion: Readonly<Record<string, number>>) =>
  Object.entries(byVersion)
    .map(([version, count]) => `${version.split('/')[1] ?? version}: ${count}`)
    .join(', ')

const WEBHOOKS = ['crdconv', 'bare'] as const

/** The columns each per-distance table starts with, filled by `commonCells`. */
const COMMON_HEADER = ['rtt', 'webhook', 'GET at v1', 'create at v1', 'CRD update → LIST']

function commonCells(rtt: number, name: string, figures: SubjectFigures): string[] {
  return [
    `${rtt} ms`,
    name,
    `${ms(figures.getOther.ms)}, ${figures.getOther.reviews} rev`,
    `${ms(figures.createOther.ms)}, ${figures.createOther.reviews} rev${name === 'crdconv' ? ` (${versions(figures.createOther.byVersion)})` : ''}`,
    `${ms(figures.crdUpdate.ms)}, ${figures.crdUpdate.reviews} rev`,
  ]
}

/** A row per round trip and webhook: the common cells, then those of `more`. */
function distanceRows(
  release: ReleaseFigures,
  more: (
    figures: SubjectFigures,
    name: (typeof WEBHOOKS)[number],
    line: DistanceFigures
  ) => string[]
): string[][] {
  return release.atDistance.flatMap((line) =>
    WEBHOOKS.map((name) => [
      ...commonCells(line.rttMs, name, line[name]),
      ...more(line[name], name, line),
    ])
  )
}

const ratio = (line: DistanceFigures) =>
  line.stallRatio === null
    ? '—'
    : `${line.stallRatio.toFixed(2)}× ${line.stallRatio <= STALL_TARGET ? 'PASS' : 'MISS'}`

function oldestTable(release: ReleaseFigures): SystemTable {
  return {
    key: 'system-oldest',
    title: `${release.version}: ${release.stored} objects; LIST read from etcd, one review per object (crdconv/bare target: within ${STALL_TARGET}×)`,
    header: [...COMMON_HEADER, 'LIST at v1beta1', 'LIST at v1', 'per object', 'crdconv/bare'],
    rows: distanceRows(release, (figures, name, line) => [
      ms(figures.list?.storage.ms),
      `${ms(figures.list?.other.ms)}, ${figures.list?.other.reviews ?? 0} rev`,
      ms(figures.list?.perObjectMs),
      name === 'crdconv' ? ratio(line) : '',
    ]),
  }
}

function currentTables(release: ReleaseFigures): SystemTable[] {
  const writes: SystemTable = {
    key: 'system-current',
    title: `${release.version}: ${release.stored} objects; a write at v1beta1 and at v1, GET, CRD update`,
    header: [...COMMON_HEADER, 'write at v1beta1', 'LIST, cache caught up'],
    rows: distanceRows(release, (figures, name) => {
      const write = figures.writeReviews
      return [
        write === undefined
          ? '—'
          : `${write.total} rev${name === 'crdconv' ? ` (${versions(write.byVersion)})` : ''}`,
        `${ms(figures.listCaughtUp?.ms)}, ${figures.listCaughtUp?.reviews ?? 0} rev`,
      ]
    }),
  }
  const bursts: SystemTable = {
    key: 'system-bursts',
    title: `${release.version}: a burst of writes at v1beta1 sent at once, then at once a consistent LIST of all ${release.stored} at v1 (crdconv/bare target: within ${STALL_TARGET}×)`,
    header: [
      'rtt',
      'webhook',
      'burst',
      'cache caught up',
      'in flight',
      'LIST after',
      'LIST reviews',
      'fell back to etcd',
      'failed',
      'crdconv/bare',
    ],
    rows: release.atDistance.flatMap((line) =>
      WEBHOOKS.flatMap((name) =>
        (line[name].bursts ?? []).map((burst, index) => [
          `${line.rttMs} ms`,
          name,
          String(burst.writes),
          burst.catchUpMs === null ? 'not in 120 s' : ms(burst.catchUpMs),
          String(burst.maxInFlight),
          `${ms(burst.listMs)} (HTTP ${burst.listStatus})`,
          String(burst.listReviews),
          burst.fellBackToEtcd ? 'yes' : 'no',
          burst.failed ? 'yes (Timeout)' : 'no',
          name === 'crdconv' && index === 0 ? ratio(line) : '',
        ])
      )
    ),
  }
  return [writes, bursts]
}

function idleTables(figures: SystemFigures): SystemTable[] {
  const releases = figures.releases
  const platforms = releases.flatMap((release) =>
    release.platforms.map((platform) => ({ release, platform }))
  )
  return [
    {
      key: 'system-idle',
      title: 'The first review after idle (GET at v1), Node server, at the largest round trip',
      header: ['release', 'idle', 'rtt', 'webhook', 'GET', 'new connection'],
      rows: releases.flatMap((release) =>
        release.idleGaps.map((gap) => [
          release.version,
          `${gap.gapS} s`,
          `${gap.rttMs} ms`,
          gap.subject,
          gap.status === 200 ? ms(gap.getMs) : `${ms(gap.getMs)} (HTTP ${gap.status})`,
          gap.newConnection ? 'yes' : 'no',
        ])
      ),
    },
    {
      key: 'system-platforms',
      title:
        "Each platform's runner behind the proxy: its first review after start (new connection), then the first GET at v1 after idle (the API server waits 30 s at most)",
      header: ['release', 'runner', 'rtt', 'first review', 'idle', 'GET', 'new connection'],
      rows: platforms.flatMap(({ release, platform }) =>
        platform.idle.map((gap, index) => [
          index === 0 ? release.version : '',
          index === 0 ? platform.platform : '',
          `${platform.rttMs} ms`,
          index === 0 ? ms(platform.firstReviewMs) : '',
          `${gap.gapS} s`,
          gap.status === 200 ? ms(gap.getMs) : `${ms(gap.getMs)} (HTTP ${gap.status})`,
          gap.newConnection ? 'yes' : 'no',
        ])
      ),
    },
    {
      key: 'system-idle-reviews',
      title: 'Reviews with no client at all (the cache consistency check)',
      header: ['release', 'objects', 'reviews per hour', 'measured'],
      rows: releases.map((release) => {
        const idle = release.idleReviews
        return typeof idle === 'string'
          ? [release.version, String(release.stored), '—', idle]
          : [
              release.version,
              String(release.stored),
              idle.perHour.toLocaleString('en'),
              `${idle.reviews.crdconv} reviews in ${idle.waitedS} s, ${idle.perObjectPerCheck.toFixed(2)} per object per check (bare: ${idle.reviews.bare})`,
            ]
      }),
    },
  ]
}

/** Every table of a run, in the order the bench prints them. */
export function systemTables(figures: SystemFigures): SystemTable[] {
  return [
    ...figures.releases.flatMap((release) =>
      release.current ? currentTables(release) : [oldestTable(release)]
    ),
    ...idleTables(figures),
  ]
}

/** Prints every table of the whole-system bench. */
export function printSystem(figures: SystemFigures): void {
  console.log(
    `\nWhole system: the real API server, crdconv's Node server beside a bare webhook, each behind a distance proxy (load average at start ${figures.load.map((value) => value.toFixed(2)).join(' ')})`
  )
  for (const skipped of figures.skipped) console.log(`skipped: ${skipped}`)
  for (const table of systemTables(figures)) {
    if (table.rows.length > 0) printTable(table.title, table.header, table.rows)
  }
}
