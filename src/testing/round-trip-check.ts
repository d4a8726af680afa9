import * as fc from 'fast-check'
import { checkConvertedObject } from '../review/index.ts'
import {
  canonicalJson,
  createScheme,
  formatApiVersion,
  isPlainObject,
  stashAnnotationKey,
  type Converter,
  type KubeObject,
  type Resource,
  type Scheme,
} from '../scheme/index.ts'
import { deepFreeze } from './deep-freeze.ts'
import { describeDifference, jsonDifferences } from './json-difference.ts'
import { arbitraryObjectAt, versionJsonSchema } from './object-arbitrary.ts'
import { pruneUnknownFields } from './prune-unknown-fields.ts'

/** Objects generated per check unless told otherwise: enough to find most losses, fast in `npm test`. */
export const DEFAULT_NUM_RUNS = 50

export interface RoundTripOptions {
  /** Objects generated for each check; default `DEFAULT_NUM_RUNS`. */
  readonly numRuns?: number
  /** Seed of the generator, to replay a failure the report printed. */
  readonly seed?: number
  /** Any field may be absent, metadata included, as in server-side apply; default `false`. */
  readonly partial?: boolean
  /** Hand-written objects checked first, each in the round trips that start at its version. */
  readonly examples?: readonly KubeObject[]
}

/** Why one check failed, with the smallest object fast-check could shrink the failure to. */
export interface RoundTripFailure {
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
  const checks = resources.flatMap((resource) => checkResource(resource, options))
  const ok = checks.every((check) => check.ok)
  return { ok, checks, summary: summarize(resources, checks, options) }
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

interface Problem {
  readonly what: string
  readonly lines: readonly string[]
  readonly returned?: unknown
}

class ProblemFound extends Error {
  readonly problem: Problem

  constructor(problem: Problem) {
    super(problem.what)
    this.problem = problem
  }
}

interface Plan {
  readonly kind: RoundTripCheck['kind']
  readonly title: string
  readonly path: readonly string[]
  readonly from: string
  readonly run: (object: KubeObject) => Problem | undefined
}

function checkResource(resource: Resource, options: RoundTripOptions): RoundTripCheck[] {
  const label = `${resource.kind}.${resource.group}`
  let plans: Plan[]
  try {
    plans = planChecks(resource)
  } catch (error) {
    return [
      {
        resource: label,
        kind: 'round-trip',
        title: 'setting up the checks',
        ok: false,
        runs: 0,
        failure: brokenFailure(label, 'setting up the checks', error, options),
      },
    ]
  }
  const arbitraries = new Map<string, fc.Arbitrary<KubeObject>>()
  return plans.map((plan) => {
    try {
      let arbitrary = arbitraries.get(plan.from)
      if (arbitrary === undefined) {
        arbitrary = arbitraryObjectAt(
          resource,
          plan.from,
          options.partial === true ? { partial: true } : {}
        )
        arbitraries.set(plan.from, arbitrary)
      }
      return runPlan(label, resource, plan, arbitrary, options)
    } catch (error) {
      return {
        resource: label,
        kind: plan.kind,
        title: plan.title,
        ok: false,
        runs: 0,
        failure: brokenFailure(label, plan.title, error, options, plan.path),
      }
    }
  })
}

/** Converts one object and answers what the API server would keep of the result (unpruned: all of it). */
type Storing = (
  object: KubeObject,
  version: string,
  pruned?: boolean
) => Problem | { readonly object: KubeObject }

function planChecks(resource: Resource): Plan[] {
  const scheme = createScheme([resource])
  const apiVersion = (version: string) => formatApiVersion(resource.group, version)
  const schemas = new Map(
    resource.versionNames.map((version) => [version, versionJsonSchema(resource, version)])
  )
  const store: Storing = (object, version, pruned = true) => {
    const result = convertChecked(scheme, object, apiVersion(version))
    if ('what' in result || !pruned) return result
    const schema = schemas.get(version) ?? true
    return { object: deepFreeze(pruneUnknownFields(result.object, schema) as KubeObject) }
  }
  const plans: Plan[] = []
  for (const from of resource.versionNames) {
    for (const to of resource.versionNames) {
      if (from === to) continue
      const path = [from, ...hops(resource, from, to), ...hops(resource, to, from)]
      plans.push({
        kind: 'round-trip',
        title: path.join(' → '),
        path,
        from,
        run: (object) => roundTrip(store, object, to, from),
      })
    }
  }
  for (const direct of resource.converters) {
    const detour = findDetour(resource.converters, direct)
    if (detour === undefined) continue
    const longer = [direct.from, ...detour.map((step) => step.to)]
    const stashKey = stashAnnotationKey(resource.group)
    plans.push({
      kind: 'paths-agree',
      title: `${direct.from} → ${direct.to} agrees with ${longer.join(' → ')}`,
      path: longer,
      from: direct.from,
      run: (object) => pathsAgree(store, object, direct, detour, stashKey),
    })
  }
  return plans
}

/** The versions after `from` on the webhook's path from `from` to `to`. */
function hops(resource: Resource, from: string, to: string): string[] {
  return (resource.paths.get(from)?.get(to) ?? []).map((step) => step.to)
}

/** The shortest path between the ends of `direct` that does not use it, if any. */
function findDetour(
  converters: readonly Converter[],
  direct: Converter
): readonly Converter[] | undefined {
  const reached = new Map<string, readonly Converter[]>([[direct.from, []]])
  const queue = [direct.from]
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    for (const step of converters) {
      if (step === direct || step.from !== next || reached.has(step.to)) continue
      const path = [...(reached.get(next) ?? []), step]
      if (step.to === direct.to) return path
      reached.set(step.to, path)
      queue.push(step.to)
    }
  }
  return undefined
}

function roundTrip(
  store: Storing,
  original: KubeObject,
  there: string,
  back: string
): Problem | undefined {
  const before = canonicalJson(original)
  const away = store(original, there)
  if ('what' in away) return away
  // the API server stores the answer and sends it back later: as JSON, not as the same objects
  const stored = deepFreeze(JSON.parse(JSON.stringify(away.object)) as KubeObject)
  const home = store(stored, back)
  if ('what' in home) return home
  if (canonicalJson(original) !== before) return mutated()
  const differences = jsonDifferences(normalize(original), normalize(home.object))
  if (differences.length === 0) return undefined
  const lost = differences.some((difference) => difference.expected !== undefined)
  return {
    what: lost ? 'lost data' : 'came back with fields it did not have',
    lines: differences.map((difference) => describeDifference(difference)),
    returned: home.object,
  }
}

function pathsAgree(
  store: Storing,
  original: KubeObject,
  direct: Converter,
  detour: readonly Converter[],
  stashKey: string
): Problem | undefined {
  const before = canonicalJson(original)
  const short = store(original, direct.to)
  if ('what' in short) return short
  // one webhook call runs the whole path: the API server prunes only its end
  let current = original
  for (const [index, step] of detour.entries()) {
    const next = store(current, step.to, index === detour.length - 1)
    if ('what' in next) return next
    current = deepFreeze(next.object)
  }
  if (canonicalJson(original) !== before) return mutated()
  // each path keeps what it must in its own stash entries; only what users see has to agree
  const expected = normalize(short.object, stashKey)
  const differences = jsonDifferences(expected, normalize(current, stashKey))
  if (differences.length === 0) return undefined
  const shorter = `${direct.from} → ${direct.to} gave`
  const longer = `${[direct.from, ...detour.map((step) => step.to)].join(' → ')} gave`
  return {
    what: 'the direct converter and the longer path disagree',
    lines: differences.map((difference) => describeDifference(difference, [shorter, longer])),
    returned: current,
  }
}

function convertChecked(
  scheme: Scheme,
  object: KubeObject,
  desiredAPIVersion: string
): Problem | { readonly object: KubeObject } {
  const versionOf = (apiVersion: string | undefined) => apiVersion?.split('/').pop() ?? '?'
  const step = `${versionOf(object.apiVersion)} → ${versionOf(desiredAPIVersion)}`
  const result = scheme.convert(object, desiredAPIVersion)
  if (!result.ok) {
    const field = result.failure.field === undefined ? '' : ` (field ${result.failure.field})`
    const hint = /read.only|not extensible|Cannot (add|assign|delete|define)/.test(
      result.failure.reason
    )
      ? ['a converter wrote to the object it was given: build and return a new one instead']
      : []
    return {
      what: `${step} failed: ${result.failure.reason}${field}`,
      lines: hint,
    }
  }
  const rule = checkConvertedObject(object, result.object, desiredAPIVersion)
  if (rule !== undefined) {
    return {
      what: `${step} gave an answer the API server rejects: ${rule}`,
      lines: [],
      returned: result.object,
    }
  }
  return { object: result.object }
}

function mutated(): Problem {
  return {
    what: 'a converter changed the object it was given',
    lines: ['converters must build and return a new object and leave their input as it was'],
  }
}

/**
 * The object as the API server keeps it: JSON, and without empty `labels`, `annotations` or
 * `metadata`, which Kubernetes does not tell from absent ones (`omitempty`).
 */
function normalize(object: KubeObject, dropAnnotation?: string): unknown {
  const copy = JSON.parse(JSON.stringify(object)) as KubeObject
  const metadata = copy.metadata
  if (!isPlainObject(metadata)) return copy
  if (dropAnnotation !== undefined && isPlainObject(metadata.annotations)) {
    delete metadata.annotations[dropAnnotation]
  }
  for (const field of ['labels', 'annotations'] as const) {
    const map = metadata[field]
    if (isPlainObject(map) && Object.keys(map).length === 0) delete metadata[field]
  }
  if (Object.keys(metadata).length === 0) delete copy.metadata
  return copy
}

function runPlan(
  label: string,
  resource: Resource,
  plan: Plan,
  arbitrary: fc.Arbitrary<KubeObject>,
  options: RoundTripOptions
): RoundTripCheck {
  const own = formatApiVersion(resource.group, plan.from)
  const examples = (options.examples ?? [])
    .filter((example) => example.apiVersion === own && example.kind === resource.kind)
    .map((example) => [JSON.parse(JSON.stringify(example)) as KubeObject] as [KubeObject])
  const property = fc.property(arbitrary, (object) => {
    const problem = plan.run(deepFreeze(object))
    if (problem !== undefined) throw new ProblemFound(problem)
  })
  const details = fc.check(property, {
    numRuns: options.numRuns ?? DEFAULT_NUM_RUNS,
    examples,
    ...(options.seed === undefined ? {} : { seed: options.seed }),
  })
  const base = { resource: label, kind: plan.kind, title: plan.title, runs: details.numRuns }
  if (!details.failed) return { ...base, ok: true }
  const counterexample = details.counterexample?.[0]
  const problem =
    details.errorInstance instanceof ProblemFound
      ? details.errorInstance.problem
      : {
          what: `the check itself failed: ${String(details.errorInstance ?? 'interrupted')}`,
          lines: [],
        }
  const message = [
    `${label}: ${plan.title}: ${problem.what}`,
    ...problem.lines.map((line) => `  ${line}`),
    `object at ${plan.from} (smallest found, run ${details.numRuns}, ${details.numShrinks} shrinks):`,
    indent(JSON.stringify(counterexample, null, 2)),
    ...(problem.returned === undefined
      ? []
      : [
          plan.kind === 'round-trip' ? 'came back as:' : 'longer path gave:',
          indent(JSON.stringify(problem.returned, null, 2)),
        ]),
    `replay with { seed: ${details.seed} }`,
  ].join('\n')
  return {
    ...base,
    ok: false,
    failure: { message, path: plan.path, counterexample, seed: details.seed },
  }
}

function brokenFailure(
  label: string,
  title: string,
  error: unknown,
  options: RoundTripOptions,
  path: readonly string[] = []
): RoundTripFailure {
  const why = error instanceof Error ? error.message : String(error)
  return {
    message: `${label}: ${title}: could not run the check: ${why}`,
    path,
    counterexample: undefined,
    seed: options.seed ?? 0,
  }
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n')
}

function summarize(
  resources: readonly Resource[],
  checks: readonly RoundTripCheck[],
  options: RoundTripOptions
): string {
  const runs = options.numRuns ?? DEFAULT_NUM_RUNS
  const lines: string[] = []
  for (const resource of resources) {
    const label = `${resource.kind}.${resource.group}`
    const own = checks.filter((check) => check.resource === label)
    const trips = own.filter((check) => check.kind === 'round-trip').length
    const agreements = own.length - trips
    lines.push(
      `${label}: ${trips} round trips${agreements > 0 ? `, ${agreements} path comparisons` : ''}, up to ${runs} objects each${options.partial === true ? ' (partial objects)' : ''}`
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
