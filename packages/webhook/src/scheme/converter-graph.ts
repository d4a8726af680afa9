import { SchemeError } from './conversion-error.ts'
import { isNonEmpty, schemeProblem as issue, type SchemeProblem } from './scheme-problem.ts'
import type { Converter } from './resource-definition.ts'

/** `paths.get(from)?.get(to)`: the converters to run in order; `[]` when from equals to. */
export type ConverterPaths = ReadonlyMap<string, ReadonlyMap<string, readonly Converter[]>>

/**
 * Breadth-first search from every version, so each conversion takes the fewest steps. Among
 * paths of equal length the converters declared first win, which keeps the choice stable.
 * Throws a `SchemeError` naming every problem: unknown versions, duplicate edges, unreachable pairs.
 */
export function findShortestPaths(
  label: string,
  versions: readonly string[],
  converters: readonly Converter[]
): ConverterPaths {
  const known = new Set(versions)
  const outgoing = new Map<string, Converter[]>(versions.map((version) => [version, []]))
  const seen = new Set<string>()
  const problems: SchemeProblem[] = []
  for (const converter of converters) {
    const edge = `${converter.from} → ${converter.to}`
    const unknown = [converter.from, converter.to].filter((version) => !known.has(version))
    if (unknown.length > 0) {
      problems.push(
        issue(
          'converter-version-unknown',
          `converter ${edge} names unknown version ${unknown.join(' and ')} (declared: ${versions.join(', ')})`
        )
      )
    } else if (converter.from === converter.to) {
      problems.push(issue('converter-to-itself', `converter ${edge} converts a version to itself`))
    } else if (seen.has(edge)) {
      problems.push(issue('converter-declared-twice', `converter ${edge} is declared twice`))
    } else if (typeof converter.convert !== 'function') {
      problems.push(issue('converter-not-a-function', `converter ${edge} has no convert function`))
    } else {
      seen.add(edge)
      outgoing.get(converter.from)?.push(converter)
    }
  }
  const paths = new Map<string, Map<string, readonly Converter[]>>()
  for (const source of versions) {
    const reached = new Map<string, readonly Converter[]>([[source, []]])
    const queue = [source]
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      const pathHere = reached.get(next) ?? []
      for (const converter of outgoing.get(next) ?? []) {
        if (reached.has(converter.to)) continue
        reached.set(converter.to, [...pathHere, converter])
        queue.push(converter.to)
      }
    }
    const unreachable = versions.filter((target) => !reached.has(target))
    if (unreachable.length > 0) {
      problems.push(
        issue(
          'version-unreachable',
          `no conversion path from ${source} to ${unreachable.join(', ')}`,
          `versions.${source}`
        )
      )
    }
    paths.set(source, reached)
  }
  if (isNonEmpty(problems)) {
    throw new SchemeError(`${label}: every served version must convert to every other`, problems, {
      list: true,
    })
  }
  return paths
}
