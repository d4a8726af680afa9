import * as fc from 'fast-check'
import { exampleObjects } from '../crd/index.ts'
import { jsonCopy, stringifyJson } from '@crdconv/webhook/json'
import { type KubeObject, type Resource, type Scheme } from '@crdconv/webhook/scheme'
import { deepFreeze } from './deep-freeze.ts'
import { arbitraryObjectAt } from './object-arbitrary.ts'
import { planChecks, type Plan } from './round-trip-plans.ts'
import type { Problem } from './round-trip-problem.ts'
import { closerToSeed, grownFrom, seedCopy } from './seed-mutations.ts'
import { seededVersions, type VersionSeeds } from './seeded-versions.ts'
import {
  indent,
  RoundTripError,
  shownObject,
  summarize,
  type RoundTripCheck,
  type RoundTripFailure,
  type RoundTripReport,
} from './round-trip-report.ts'
import type { CorpusObject } from '../corpus/index.ts'
import { CarriedRefusals } from './carried-refusals.ts'
import { brokenFailure, MAX_SKIPS_PER_RUN, overBudgetFailure } from './round-trip-failures.ts'

/** Objects generated per check unless told otherwise: enough to find most losses, fast in `npm test`. */
export const DEFAULT_NUM_RUNS = 50

export interface RoundTripOptions {
  /** Objects generated for each check; default `DEFAULT_NUM_RUNS`. */
  readonly numRuns?: number
  /** Seed of the generator, to replay a failure the report printed. */
  readonly seed?: number
  /** Any field may be absent, metadata included, as in server-side apply; default `false`. */
  readonly partial?: boolean
  /**
   * Hand-written objects checked first, each in the round trips that start at its version; the
   * `examples` of each version (`defineResource`) are checked too. Both are seeds.
   */
  readonly examples?: readonly KubeObject[]
  /**
   * Objects recorded from a cluster (`crdconv record`; read with the corpus reader, as `crdconv
   * check` reads the project's folder): those of the resource are seeds, checked first at their
   * version, then grown like the examples.
   */
  readonly recorded?: readonly CorpusObject[]
  /**
   * Judge every answer by its version's zod schema (`answer-not-writable`): a client reading it
   * there must be able to write it back. A value a converter wrote that the version refuses fails
   * its round trip; one the converters carried over as it was fails one check for the resource,
   * each such field named once. Default `true`; off with `partial` (fragments no client writes
   * back whole). `false` leaves answers unjudged.
   */
  readonly writable?: boolean
}

/**
 * Checks that no conversion of `target` (a resource, or every resource of a scheme) loses data:
 * for every ordered pair of versions A and B, objects generated from A's zod schema, with
 * unknown fields, labels, annotations and status, come back from A → B → A exactly as they
 * were, through the same path the webhook runs (`scheme.convert`); and where a direct converter
 * and a longer path join the same two versions, both give the same object. Inputs are deeply
 * frozen, so a converter that writes to its input fails. Never throws: problems are in the report.
 *
 * @example
 * ```ts
 * const report = checkLosslessRoundTrips(exampleScheme, { numRuns: 200 })
 * if (!report.ok) console.error(report.summary)
 * ```
 */
export function checkLosslessRoundTrips(
  target: Resource | Scheme,
  options: RoundTripOptions = {}
): RoundTripReport {
  const resources = 'resources' in target ? target.resources : [target]
  const checks = resources.flatMap((resource) => roundTripChecksOf(resource, options))
  const ok = checks.every((check) => check.ok)
  const runs = options.numRuns ?? DEFAULT_NUM_RUNS
  return { ok, checks, summary: summarize(resources, checks, runs, options.partial === true) }
}

/**
 * `checkLosslessRoundTrips` for a test: throws a `RoundTripError` naming each conversion path
 * that lost data, with the shrunk object and what came back, or returns nothing.
 *
 * @example
 * ```ts
 * import { expectLosslessRoundTrips } from 'crdconv/testing'
 *
 * it('converts every version without losing data', () => {
 *   expectLosslessRoundTrips(backup)
 * })
 * ```
 */
export function expectLosslessRoundTrips(
  target: Resource | Scheme,
  options: RoundTripOptions = {}
): void {
  const report = checkLosslessRoundTrips(target, options)
  if (!report.ok) throw new RoundTripError(report)
}

class ProblemFound extends Error {
  readonly problem: Problem

  constructor(problem: Problem) {
    super(problem.what)
    this.problem = problem
  }
}

function roundTripChecksOf(resource: Resource, options: RoundTripOptions): RoundTripCheck[] {
  const label = resource.identity.groupKind
  let plans: Plan[]
  const carried = new CarriedRefusals()
  try {
    plans = planChecks(resource, {
      writable: options.writable !== false && options.partial !== true,
      carried,
    })
  } catch (error) {
    return [
      {
        resource: label,
        kind: 'round-trip',
        title: 'setting up the checks',
        ok: false,
        runs: 0,
        overBudget: 0,
        failure: brokenFailure(label, 'setting up the checks', error, options.seed ?? 0),
      },
    ]
  }
  const arbitraries = new Map<string, fc.Arbitrary<KubeObject>>()
  let seeded: Map<string, VersionSeeds> | undefined
  const checks = plans.map((plan) => {
    try {
      seeded ??= seededVersions(resource, options)
      const seeds = seeded.get(plan.from)
      let arbitrary = arbitraries.get(plan.from)
      if (arbitrary === undefined) {
        const generated = arbitraryObjectAt(
          resource,
          plan.from,
          options.partial === true ? { partial: true } : {}
        )
        // realistic shapes beside the schema's: half the objects grow from the seeds
        arbitrary = seeds?.grown === undefined ? generated : fc.oneof(generated, seeds.grown)
        arbitraries.set(plan.from, arbitrary)
      }
      return runPlan(label, resource, plan, arbitrary, options, seeds)
    } catch (error) {
      return {
        resource: label,
        kind: plan.kind,
        title: plan.title,
        ok: false,
        runs: 0,
        overBudget: 0,
        failure: brokenFailure(label, plan.title, error, options.seed ?? 0, plan.path),
      }
    }
  })
  const unwritable = carried.check(label)
  return unwritable === undefined ? checks : [...checks, unwritable]
}

function runPlan(
  label: string,
  resource: Resource,
  plan: Plan,
  arbitrary: fc.Arbitrary<KubeObject>,
  options: RoundTripOptions,
  seeds: VersionSeeds | undefined
): RoundTripCheck {
  // the seeds (the objects given, the version's examples, recorded ones), a bare object, then
  // each seed with the shapes of every seed combined come first: realistic before random
  const examples = [
    ...(seeds?.seeds ?? []).map(seedCopy),
    ...exampleObjects(resource, plan.from).slice(0, 1),
    ...(seeds?.combined ?? []),
  ].map((example) => [example] as [KubeObject])
  let refusal: string | undefined
  const property = fc.property(arbitrary, (object) => {
    const problem = plan.run(deepFreeze(object))
    // over the stash budget: a limit of the versions, not a loss; fast-check counts the skips
    if (problem?.code === 'stash-too-large') {
      refusal ??= problem.what
      fc.pre(false)
    }
    if (problem !== undefined) throw new ProblemFound(problem)
  })
  const numRuns = options.numRuns ?? DEFAULT_NUM_RUNS
  const details = fc.check(property, {
    numRuns,
    examples,
    maxSkipsPerRun: MAX_SKIPS_PER_RUN,
    ...(options.seed === undefined ? {} : { seed: options.seed }),
  })
  plan.ran?.(details.seed)
  const base = {
    resource: label,
    kind: plan.kind,
    title: plan.title,
    runs: details.numRuns,
    overBudget: details.numSkips,
  }
  if (!details.failed) return { ...base, ok: true }
  if (details.errorInstance === null && details.numSkips > numRuns * MAX_SKIPS_PER_RUN) {
    return {
      ...base,
      ok: false,
      failure: overBudgetFailure(label, plan, base, refusal, details.seed),
    }
  }
  let counterexample = details.counterexample?.[0]
  let problem: Problem =
    details.errorInstance instanceof ProblemFound
      ? details.errorInstance.problem
      : {
          code: 'check-failed' as const,
          what: `the check itself failed: ${String(details.errorInstance ?? 'interrupted')}`,
          lines: [],
        }
  if (counterexample !== undefined && details.errorInstance instanceof ProblemFound) {
    const found = problem.code
    const smaller = closerToSeed(counterexample, (candidate) => {
      const again = plan.run(deepFreeze(candidate))
      return again?.code === found
    })
    const again = smaller === counterexample ? undefined : plan.run(deepFreeze(jsonCopy(smaller)))
    if (again !== undefined) {
      counterexample = smaller
      problem = again
    }
  }
  const message = [
    `${label}: ${plan.title}: ${problem.what}`,
    ...problem.lines.map((line) => `  ${line}`),
    ...shownObject(plan, counterexample, details),
    // an object grown from a seed is shown as its difference, and so is what came back, above
    ...(problem.returned === undefined || grownFrom(counterexample) !== undefined
      ? []
      : [
          plan.kind === 'round-trip' ? 'came back as:' : 'longer path gave:',
          indent(stringifyJson(problem.returned, 2)),
        ]),
    `replay with { seed: ${details.seed} }`,
  ].join('\n')
  const failure: RoundTripFailure = {
    code: problem.code,
    ...(problem.conversionCode === undefined ? {} : { conversionCode: problem.conversionCode }),
    message,
    path: plan.path,
    counterexample,
    seed: details.seed,
  }
  return { ...base, ok: false, failure }
}
