import { changeLabel, showSide, type VersionPairDifferences } from '../diff/index.ts'
import { formatTable } from '../command-io/index.ts'

/**
 * The differences of one resource as aligned text: a heading per pair of versions, then one row
 * per difference (field, change, the `from` side, the `to` side).
 *
 * @example
 * ```ts
 * io.stdout(differenceTable('CronTab.example.com', diffVersions(schemas, pairs)))
 * ```
 */
export function differenceTable(name: string, pairs: readonly VersionPairDifferences[]): string {
  if (pairs.length === 0) {
    return `${name}: fewer than two served versions, nothing to compare (--from and --to choose any two)\n`
  }
  return pairs
    .map(({ from, to, differences }) => {
      const heading = `${name} ${from} → ${to}`
      if (differences.length === 0) return `${heading}: no differences\n`
      const rows = differences.map((difference) => [
        difference.path,
        changeLabel(difference),
        showSide(difference, 'from'),
        showSide(difference, 'to'),
      ])
      const count = `${differences.length} difference${differences.length === 1 ? '' : 's'}`
      const table = formatTable([['FIELD', 'CHANGE', from, to], ...rows])
      return `${heading}: ${count}\n${table.replace(/^/gm, '  ')}\n`
    })
    .join('\n')
}
