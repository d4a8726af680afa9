// `crdconv coverage`'s computation: the kit's coverage report of every resource of a scheme.
import type { Resource } from '@crdconv/webhook/scheme'
import type { CorpusObject } from '../corpus/index.ts'
import { schemasOfResource, versionPairs } from '../diff/index.ts'
import { conversionCoverage } from './conversion-coverage.ts'
import { coverageFindings, type CoverageFinding } from './coverage-findings.ts'
import type { CoverageReport } from './coverage-report.ts'
import { opaqueSubtreeReach, type OpaqueSubtreeReach } from './opaque-reach.ts'

/** Which pairs and how many objects: `from` and `to` together, or neither for every neighbour pair. */
export interface CoverageSelection {
  readonly from?: string | undefined
  readonly to?: string | undefined
  /** Whole objects generated per pair of versions, and as many partial ones. */
  readonly runs?: number | undefined
  /** fast-check's seed: the same seed gives the same reports. */
  readonly seed?: number | undefined
  /** Objects recorded from a cluster (a corpus folder's), followed beside the examples (seeds). */
  readonly recorded?: readonly CorpusObject[] | undefined
}

/** One report per resource, and what they find, failures first, in resource order. */
export interface ResourcesCoverage {
  readonly reports: readonly CoverageReport[]
  /** Each resource's opaque subtrees and the seeds that reach inside them, in resource order. */
  readonly opaque: readonly (readonly OpaqueSubtreeReach[])[]
  /** A field lost without a stash, a converted value the target schema refuses. */
  readonly failures: readonly CoverageFinding[]
  /** A target field never filled that has no default. */
  readonly warnings: readonly CoverageFinding[]
}

/**
 * The coverage of each resource's converters, or the problem with the chosen versions (a version
 * the resource does not have, `from` without `to`), naming the resource.
 *
 * @example
 * ```ts
 * const coverage = coverageOfResources(scheme.resources, { runs: 20 })
 * if ('problem' in coverage) throw new Error(coverage.problem)
 * ```
 */
export function coverageOfResources(
  resources: readonly Resource[],
  selection: CoverageSelection = {}
): ResourcesCoverage | { readonly problem: string } {
  const reports: CoverageReport[] = []
  const seeds = selection.recorded === undefined ? {} : { recorded: selection.recorded }
  for (const resource of resources) {
    const chosen =
      selection.from === undefined && selection.to === undefined
        ? undefined
        : versionPairs(schemasOfResource(resource), selection)
    if (chosen !== undefined && 'problem' in chosen) return { problem: chosen.problem }
    reports.push(
      conversionCoverage(resource, {
        ...(selection.runs === undefined ? {} : { numRuns: selection.runs }),
        ...(selection.seed === undefined ? {} : { seed: selection.seed }),
        ...seeds,
        ...(chosen === undefined ? {} : { pairs: chosen.pairs }),
      })
    )
  }
  const findings = reports.map((report) => coverageFindings(report))
  return {
    reports,
    opaque: resources.map((resource) => opaqueSubtreeReach(resource, seeds)),
    failures: findings.flatMap((found) => found.failures),
    warnings: findings.flatMap((found) => found.warnings),
  }
}
