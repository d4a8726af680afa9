import type { KubeObject, ProblemCode, Resource } from '@crdconv/webhook/scheme'

/** Why a round-trip check failed: the machine-readable half of a {@link RoundTripFailure}. */
export const ROUND_TRIP_FAILURE_CODES = [
  'data-lost',
  'fields-added',
  'paths-disagree',
  'conversion-failed',
  'answer-refused',
  'input-mutated',
  'check-failed',
  'check-not-run',
] as const

export type RoundTripFailureCode = ProblemCode<typeof ROUND_TRIP_FAILURE_CODES>

/** Why one check failed, with the smallest object fast-check could shrink the failure to. */
export interface RoundTripFailure {
  readonly code: RoundTripFailureCode
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
  /** `round-trip`: A → B → A gives A back; `paths-agree`: a direct converter and a longer path agree. */
  readonly kind: 'round-trip' | 'paths-agree'
  /** `v1 → v1beta1 → v1`, or `v1alpha1 → v1 agrees with v1alpha1 → v1beta1 → v1`. */
  readonly title: string
  readonly ok: boolean
  /** Objects tried (up to and including the first failure). */
  readonly runs: number
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
    const agreements = own.length - trips
    lines.push(
      `${label}: ${count(trips, 'round trip')}${agreements > 0 ? `, ${count(agreements, 'path comparison')}` : ''}, up to ${runs} objects each${partial ? ' (partial objects)' : ''}`
    )
    for (const check of own) {
      lines.push(`  ${check.ok ? '✓' : '✗'} ${check.title}`)
      if (check.failure !== undefined) lines.push(indent(check.failure.message))
    }
  }
  const failed = checks.filter((check) => !check.ok).length
  lines.push(
    failed === 0
      ? `all ${checks.length} checks passed: no conversion lost data`
      : `${failed} of ${checks.length} checks failed`
  )
  return lines.join('\n')
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
