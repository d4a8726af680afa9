import type {
  ConversionFailureCode,
  KubeObject,
  ProblemCode,
  Resource,
} from '@crdconv/webhook/scheme'
import { describeDifference, jsonDifferences, stringifyJson } from '@crdconv/webhook/json'
import { grownFrom } from './seed-mutations.ts'

/**
 * Why a round-trip check failed: the machine-readable half of a {@link RoundTripFailure}.
 * `answer-not-writable`: an answer the round trip gives back whole, but that its version's schema
 * refuses (a required field absent, an enum or format broken), so a client that reads the object
 * and writes it back is refused: in the round trip whose converters wrote the value, or, where they
 * carried it over as it was, once per field in the resource's `writable` check. `stash-too-large`: so many generated objects were over the stash's budget that too few were
 * left to check (fast-check's `maxSkipsPerRun`); a few such objects are left out, not a failure.
 */
export const ROUND_TRIP_FAILURE_CODES = [
  'data-lost',
  'fields-added',
  'paths-disagree',
  'conversion-failed',
  'answer-refused',
  'answer-not-writable',
  'input-mutated',
  'stash-too-large',
  'check-failed',
  'check-not-run',
] as const

export type RoundTripFailureCode = ProblemCode<typeof ROUND_TRIP_FAILURE_CODES>

/** Why one check failed, with the smallest object fast-check could shrink the failure to. */
export interface RoundTripFailure {
  readonly code: RoundTripFailureCode
  /** With `conversion-failed`: why the conversion failed (`converter-refused`, `converter-threw`, …). */
  readonly conversionCode?: ConversionFailureCode
  /** Several lines: what went wrong, where, the object and what came back. */
  readonly message: string
  /** The versions the object went through, `['v1', 'v1beta1', 'v1']`. */
  readonly path: readonly string[]
  readonly counterexample: KubeObject | undefined
  readonly seed: number
}

export interface RoundTripCheck {
  /** `Kind.group` of the resource checked. */
  readonly resource: string
  /**
   * `round-trip`: A → B → A gives A back; `paths-agree`: a direct converter and a longer path
   * agree; `writable`: the one check, failed, that names each field the round trips' answers
   * carried over as it was into a version whose schema refuses it (`answer-not-writable`).
   */
  readonly kind: 'round-trip' | 'paths-agree' | 'writable'
  /** `v1 → v1beta1 → v1`, or `v1alpha1 → v1 agrees with v1alpha1 → v1beta1 → v1`. */
  readonly title: string
  readonly ok: boolean
  /** Objects checked (up to and including the first failure), those over the stash budget aside. */
  readonly runs: number
  /**
   * Generated objects left out because a conversion refused them as over the stash's budget
   * (`stash-too-large`): fields of theirs with no place in the other version would not fit the
   * stash annotation. A limit of these versions, and nothing lost: the API server gets a clear
   * `Failed` answer and keeps the object as it was.
   */
  readonly overBudget: number
  readonly failure?: RoundTripFailure
}

export interface RoundTripReport {
  readonly ok: boolean
  readonly checks: readonly RoundTripCheck[]
  /** A readable account of every check, failures in full; ends with a one-line verdict. */
  readonly summary: string
}

/** Thrown by `expectLosslessRoundTrips`; its message holds every failed check in full. */
export class RoundTripError extends Error {
  override readonly name = 'RoundTripError'
  readonly report: RoundTripReport

  constructor(report: RoundTripReport) {
    super(failedChecksText(report))
    this.report = report
  }
}

export function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n')
}

/** The report's `summary`: every check of every resource, failures in full, then the verdict. */
export function summarize(
  resources: readonly Resource[],
  checks: readonly RoundTripCheck[],
  runs: number,
  partial: boolean
): string {
  const lines: string[] = []
  for (const resource of resources) {
    const label = resource.identity.groupKind
    const own = checks.filter((check) => check.resource === label)
    const trips = own.filter((check) => check.kind === 'round-trip').length
    const agreements = own.filter((check) => check.kind === 'paths-agree').length
    lines.push(
      `${label}: ${count(trips, 'round trip')}${agreements > 0 ? `, ${count(agreements, 'path comparison')}` : ''}, up to ${runs} objects each${partial ? ' (partial objects)' : ''}`
    )
    for (const check of own) {
      lines.push(`  ${check.ok ? '✓' : '✗'} ${check.title}`)
      if (check.overBudget > 0 && check.failure?.code !== 'stash-too-large') {
        lines.push(
          `    ${overBudgetCount(check)}: a limit of these versions, nothing lost; they were left out`
        )
      }
      if (check.failure !== undefined) lines.push(indent(check.failure.message))
    }
  }
  const failed = checks.filter((check) => !check.ok).length
  const overBudget = checks.reduce((total, check) => total + check.overBudget, 0)
  const leftOut =
    overBudget === 0 ? '' : ` (${count(overBudget, 'object')} over the stash budget left out)`
  lines.push(
    failed === 0
      ? `all ${checks.length} checks passed: no conversion lost data${leftOut}`
      : `${failed} of ${checks.length} checks failed`
  )
  return lines.join('\n')
}

/** `3 of 53 objects generated at v1 were refused as over the stash budget (stash-too-large)`. */
export function overBudgetCount(
  check: Pick<RoundTripCheck, 'title' | 'runs' | 'overBudget'>
): string {
  // both kinds of check are titled from the version their objects are generated at
  const from = check.title.split(' ')[0] ?? check.title
  const generated = check.runs + check.overBudget
  return `${check.overBudget} of ${generated} objects generated at ${from} were refused as over the stash budget (stash-too-large)`
}

function failedChecksText(report: RoundTripReport): string {
  const failed = report.checks.filter((check) => !check.ok)
  return [
    `${failed.length} of ${report.checks.length} round-trip checks failed:`,
    ...failed.map((check) => check.failure?.message ?? check.title),
  ].join('\n\n')
}

function count(amount: number, thing: string): string {
  return `${amount} ${thing}${amount === 1 ? '' : 's'}`
}

/** The smallest object found: as a difference from the seed it grew from, else whole. */
export function shownObject(
  plan: { readonly from: string },
  object: KubeObject | undefined,
  details: { readonly numRuns: number; readonly numShrinks: number }
): string[] {
  const found = `smallest found, run ${details.numRuns}, ${details.numShrinks} shrinks`
  const seed = grownFrom(object)
  if (seed === undefined) {
    return [`object at ${plan.from} (${found}):`, indent(stringifyJson(object, 2))]
  }
  const differences = jsonDifferences(seed.object, object, 20)
  return [
    `object at ${plan.from} (${found}), grown from ${seed.source}${differences.length === 0 ? ' unchanged' : ', which differs from it in:'}`,
    ...differences.map((difference) =>
      indent(describeDifference(difference, [`${seed.source} has`, 'the object has']))
    ),
  ]
}
