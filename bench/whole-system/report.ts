// The whole-system figures as readable tables on stdout.
import type { DistanceFigures, ReleaseFigures, SubjectFigures, SystemFigures } from './figures.ts'

/** The target: crdconv's stall within this factor of the bare webhook's. */
export const STALL_TARGET = 1.05

const ms = (value: number | null | undefined) =>
  value === null || value === undefined
    ? '—'
    : value < 10
      ? `${value.toFixed(2)} ms`
      : value < 10_000
        ? `${Math.round(value)} ms`
        : `${(value / 1000).toFixed(1)} s`

function table(title: string, header: string[], rows: string[][]): void {
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...rows.map((row) => (row[column] ?? '').length))
  )
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd()
  console.log(`\n${title}\n${line(header)}\n${widths.map((width) => '─'.repeat(width)).join('  ')}`)
  for (const row of rows) console.log(line(row))
}

const versions = (byVersion: Readonly<Record<string, number>>) =>
  Object.entries(byVersion)
    .map(([version, count]) => `${version.split('/')[1] ?? version}: ${count}`)
    .join(', ')

function commonRows(rtt: number, name: string, figures: SubjectFigures): string[] {
  return [
    `${rtt} ms`,
    name,
    `${ms(figures.getOther.ms)}, ${figures.getOther.reviews} rev`,
    `${ms(figures.createOther.ms)}, ${figures.createOther.reviews} rev${name === 'crdconv' ? ` (${versions(figures.createOther.byVersion)})` : ''}`,
    `${ms(figures.crdUpdate.ms)}, ${figures.crdUpdate.reviews} rev`,
  ]
}

const ratio = (line: DistanceFigures) =>
  line.stallRatio === null
    ? '—'
    : `${line.stallRatio.toFixed(2)}× ${line.stallRatio <= STALL_TARGET ? 'PASS' : 'MISS'}`

function printOldest(release: ReleaseFigures): void {
  table(
    `${release.version}: ${release.stored} objects; LIST read from etcd, one review per object (crdconv/bare target: within ${STALL_TARGET}×)`,
    [
      'rtt',
      'webhook',
      'LIST at v1beta1',
      'LIST at v1',
      'per object',
      'GET at v1',
      'create at v1',
      'CRD update → LIST',
      'crdconv/bare',
    ],
    release.atDistance.flatMap((line) =>
      (['crdconv', 'bare'] as const).map((name) => {
        const figures = line[name]
        const common = commonRows(line.rttMs, name, figures)
        return [
          common[0] as string,
          name,
          ms(figures.list?.storage.ms),
          `${ms(figures.list?.other.ms)}, ${figures.list?.other.reviews ?? 0} rev`,
          ms(figures.list?.perObjectMs),
          ...common.slice(2),
          name === 'crdconv' ? ratio(line) : '',
        ]
      })
    )
  )
}

function printCurrent(release: ReleaseFigures): void {
  table(
    `${release.version}: ${release.stored} objects; a write at v1beta1 and at v1, GET, CRD update`,
    [
      'rtt',
      'webhook',
      'GET at v1',
      'create at v1',
      'CRD update → LIST',
      'write at v1beta1',
      'LIST, cache caught up',
    ],
    release.atDistance.flatMap((line) =>
      (['crdconv', 'bare'] as const).map((name) => {
        const figures = line[name]
        const write = figures.writeReviews
        return [
          ...commonRows(line.rttMs, name, figures),
          write === undefined
            ? '—'
            : `${write.total} rev${name === 'crdconv' ? ` (${versions(write.byVersion)})` : ''}`,
          `${ms(figures.listCaughtUp?.ms)}, ${figures.listCaughtUp?.reviews ?? 0} rev`,
        ]
      })
    )
  )
  table(
    `${release.version}: a burst of writes at v1beta1 sent at once, then at once a consistent LIST of all ${release.stored} at v1 (crdconv/bare target: within ${STALL_TARGET}×)`,
    [
      'rtt',
      'webhook',
      'burst',
      'cache caught up',
      'LIST after',
      'LIST reviews',
      'fell back to etcd',
      'failed',
      'crdconv/bare',
    ],
    release.atDistance.flatMap((line) =>
      (['crdconv', 'bare'] as const).flatMap((name) =>
        (line[name].bursts ?? []).map((burst, index) => [
          `${line.rttMs} ms`,
          name,
          String(burst.writes),
          burst.catchUpMs === null ? 'not in 120 s' : ms(burst.catchUpMs),
          `${ms(burst.listMs)} (HTTP ${burst.listStatus})`,
          String(burst.listReviews),
          burst.fellBackToEtcd ? 'yes' : 'no',
          burst.failed ? 'yes (Timeout)' : 'no',
          name === 'crdconv' && index === 0 ? ratio(line) : '',
        ])
      )
    )
  )
  const idle = release.idleReviews
  console.log(
    `\n${release.version}: reviews per hour at idle (cache consistency check): ${
      typeof idle === 'string'
        ? idle
        : `${idle.perHour.toLocaleString('en')} for ${release.stored} objects (${idle.reviews.crdconv} reviews in ${idle.waitedS} s, ${idle.perObjectPerCheck.toFixed(2)} per object per check; bare: ${idle.reviews.bare})`
    }`
  )
}

/** Prints every table of the whole-system bench. */
export function printSystem(figures: SystemFigures): void {
  console.log(
    `\nWhole system: the real API server, crdconv's Node server beside a bare webhook, each behind a distance proxy (load average at start ${figures.load.map((value) => value.toFixed(2)).join(' ')})`
  )
  for (const skipped of figures.skipped) console.log(`skipped: ${skipped}`)
  for (const release of figures.releases) {
    if (release.current) printCurrent(release)
    else printOldest(release)
    table(
      `${release.version}: the first review after idle (GET at v1), Node server`,
      ['idle', 'rtt', 'webhook', 'GET', 'new connection'],
      release.idleGaps.map((gap) => [
        `${gap.gapS} s`,
        `${gap.rttMs} ms`,
        gap.subject,
        ms(gap.getMs),
        gap.newConnection ? 'yes' : 'no',
      ])
    )
  }
}
