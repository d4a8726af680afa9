// The failures a round-trip check reports when it could not judge its objects: too many over the
// stash budget, or a check that could not run at all.
import type { Plan } from './round-trip-plans.ts'
import { overBudgetCount, type RoundTripCheck, type RoundTripFailure } from './round-trip-report.ts'

/**
 * Objects over the stash budget a check may leave out for each object it checks (fast-check's
 * `maxSkipsPerRun`, stated so that a global configuration does not change it); past that, the
 * check fails as `stash-too-large`. With 50 objects a check, up to about 85% of them over the
 * budget pass reliably; when nearly all are, the check fails after 10 times `numRuns` objects,
 * not fast-check's 100 times, which on a large CRD outlasts a test's timeout.
 */
export const MAX_SKIPS_PER_RUN = 10

/** A check whose objects were nearly all over the stash budget: too few were left to check. */
export function overBudgetFailure(
  label: string,
  plan: Plan,
  check: Pick<RoundTripCheck, 'title' | 'runs' | 'overBudget'>,
  refusal: string | undefined,
  seed: number
): RoundTripFailure {
  const message = [
    `${label}: ${plan.title}: ${overBudgetCount(check)}, more than ${MAX_SKIPS_PER_RUN} for each object checked (fast-check's maxSkipsPerRun): too few objects of ${plan.from} fit the stash for this check to say anything`,
    `  first refusal: ${refusal ?? '?'}`,
    `  give the fields the stash keeps a place in the other version, or bound them in ${plan.from}'s schema (maxLength, maxItems) so that most objects fit the stash`,
    `replay with { seed: ${seed} }`,
  ].join('\n')
  return {
    code: 'stash-too-large',
    message,
    path: plan.path,
    counterexample: undefined,
    seed,
  }
}

/** A check that could not run (a definition mistake, a generator that threw), with what stopped it. */
export function brokenFailure(
  label: string,
  title: string,
  error: unknown,
  seed: number,
  path: readonly string[] = []
): RoundTripFailure {
  const why = error instanceof Error ? error.message : String(error)
  return {
    code: 'check-not-run',
    message: `${label}: ${title}: could not run the check: ${why}`,
    path,
    counterexample: undefined,
    seed,
  }
}
