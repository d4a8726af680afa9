import { opaqueKeyword } from '../crd/index.ts'
import { changeLabel, showSide, type VersionPairDifferences } from '../diff/index.ts'
import { formatTable, countOf } from '../command-io/index.ts'

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
    .map(({ from, to, differences, opaqueSubtrees }) => {
      const heading = `${name} ${from} → ${to}`
      const opaque = opaqueLine(opaqueSubtrees)
      if (differences.length === 0) return `${heading}: no differences\n${opaque}`
      const rows = differences.map((difference) => [
        difference.path,
        changeLabel(difference),
        showSide(difference, 'from'),
        showSide(difference, 'to'),
      ])
      const count = countOf(differences.length, 'difference')
      const table = formatTable([['FIELD', 'CHANGE', from, to], ...rows])
      return `${heading}: ${count}\n${table.replace(/^/gm, '  ')}\n${opaque}`
    })
    .join('\n')
}

/** The line naming what the comparison cannot see inside, or nothing when there is none. */
function opaqueLine(places: VersionPairDifferences['opaqueSubtrees']): string {
  if (places.length === 0) return ''
  const named = places.map((place) => `${place.field} (${opaqueKeyword(place.kind)})`).join(', ')
  return `  not compared inside, opaque in the schema: ${named}; conversions there are only tried on examples and recorded objects (crdconv check lists which reach inside)\n`
}
