import type { Problem, ProblemCode } from '@crdconv/webhook/scheme'
import type { CoverageReport, TargetFieldCoverage } from './coverage-report.ts'

/** What a coverage finding is about: the machine-readable half of a {@link CoverageFinding}. */
export const COVERAGE_FINDING_CODES = ['field-lost', 'value-refused', 'never-filled'] as const

export type CoverageFindingCode = ProblemCode<typeof COVERAGE_FINDING_CODES>

/** One finding: its `path` is the field (`.spec.note`), its message what to write. */
export type CoverageFinding = Problem<CoverageFindingCode>

/** What a coverage report asks of the author: failures to fix, warnings to look at. */
export interface CoverageFindings {
  /** A field lost without a stash (`field-lost`), a converted value the target schema refuses (`value-refused`). */
  readonly failures: readonly CoverageFinding[]
  /**
   * A target field never filled that has no default (`never-filled`); where every field below a
   * parent is never filled, one finding for the top-most such parent, with a count.
   */
  readonly warnings: readonly CoverageFinding[]
}

const WIDEST_EXAMPLE = 40

/**
 * The messages `crdconv check` prints for a coverage report: each names the resource, the two
 * versions and the field, and says what to write.
 *
 * @example
 * ```ts
 * const { failures, warnings } = coverageFindings(conversionCoverage(cronTab))
 * ```
 */
export function coverageFindings(report: CoverageReport): CoverageFindings {
  const failures: CoverageFinding[] = []
  const warnings: CoverageFinding[] = []
  for (const { from, to, sources, targets } of report.pairs) {
    const pair = `${report.resource} ${from} → ${to}`
    for (const source of sources) {
      if (source.outcome !== 'lost') continue
      const dotted = source.field.replace(/^\./, '')
      failures.push({
        code: 'field-lost',
        path: source.field,
        message: `${pair}: ${from}'s ${source.field} is lost: no field of ${to} changes with it and it is not stashed; carry it into a field of ${to} in the converter (declared: move.renamed or move.split), or stash it (declared: move.removed), or keep it with stashFields(converted, context, { '${dotted}': … }) and give it back with restoreStashedFields on the way to ${from}`,
      })
    }
    for (const target of targets) {
      if (target.outcome === 'refused' && target.refused !== undefined) {
        const origin =
          target.from.length > 0 ? `, filled from ${from}'s ${target.from.join(', ')}` : ''
        failures.push({
          code: 'value-refused',
          path: target.field,
          message: `${pair}: ${to}'s ${target.field} gets values ${to}'s schema refuses (${target.refused.reason}; for example ${showExample(target.refused.example)})${origin}; write only values ${to} accepts there (declared: move.mapped), or widen ${target.field} in ${to}'s schema`,
        })
      }
    }
    for (const { field, count } of neverFilled(targets)) {
      warnings.push({
        code: 'never-filled',
        path: field,
        message:
          count === 1
            ? `${pair}: ${to}'s ${field} is never filled and has no default: fill it in the converter from ${from}'s fields, or give it a default in ${to}'s schema`
            : `${pair}: ${to}'s ${field} is never filled: none of the ${count} fields below it without a default; fill it in the converter from ${from}'s fields, or give them defaults in ${to}'s schema`,
      })
    }
  }
  return { failures, warnings }
}

function showExample(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value)
  return text.length > WIDEST_EXAMPLE ? `${text.slice(0, WIDEST_EXAMPLE - 1)}…` : text
}

/** A field's parents, outermost first, by the steps of its name: `.spec`, `.spec.ports[]`. */
function parentsOf(field: string): string[] {
  const steps = field.match(/\.[^.[\]]+|\[\*?\]/g) ?? [field]
  return steps.slice(0, -1).map((_, index) => steps.slice(0, index + 1).join(''))
}

/**
 * The never-filled fields without a default, each under the top-most parent all of whose fields
 * are never filled (`count` of them without a default), else on its own (`count` 1).
 */
function neverFilled(
  targets: readonly TargetFieldCoverage[]
): { readonly field: string; readonly count: number }[] {
  const emptyBelow = new Map<string, boolean>()
  for (const target of targets) {
    for (const parent of parentsOf(target.field)) {
      emptyBelow.set(parent, (emptyBelow.get(parent) ?? true) && target.outcome === 'never-filled')
    }
  }
  const groups = new Map<string, string[]>()
  for (const target of targets) {
    if (target.outcome !== 'never-filled' || 'default' in target) continue
    const top = parentsOf(target.field).find((parent) => emptyBelow.get(parent) === true)
    const key = top ?? target.field
    groups.set(key, [...(groups.get(key) ?? []), target.field])
  }
  // a parent with one such field below it is named by that field
  return [...groups].map(([parent, fields]) =>
    fields.length === 1
      ? { field: fields[0] ?? parent, count: 1 }
      : { field: parent, count: fields.length }
  )
}
