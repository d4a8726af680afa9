import * as fc from 'fast-check'
import { safeParse, type $ZodIssue, type $ZodType } from 'zod/v4/core'
import { convertChecked } from '../review/index.ts'
import {
  canonicalJson,
  createScheme,
  formatApiVersion,
  isPlainObject,
  stashAnnotationKey,
  type KubeObject,
  type Resource,
  type Scheme,
} from '../scheme/index.ts'
import { arbitraryFromJsonSchema, type JsonSchema } from './json-schema-arbitrary.ts'
import { arbitraryObjectAt, versionJsonSchema } from './object-arbitrary.ts'
import { pruneUnknownFields } from './prune-unknown-fields.ts'
import {
  fieldAt,
  leafValues,
  schemaLeaves,
  withValueAt,
  type LeafValue,
  type ValuePath,
} from './schema-leaves.ts'

/** Generated objects per pair of versions: this many whole ones and as many partial ones. */
export const DEFAULT_COVERAGE_RUNS = 50

export interface CoverageOptions {
  /** Whole objects generated per pair of versions, and as many partial ones; default 50. */
  readonly numRuns?: number
  /** fast-check seed: the same seed gives the same report; default 0. */
  readonly seed?: number
  /** Only these `[from, to]` pairs; default every ordered pair of versions. */
  readonly pairs?: readonly (readonly [string, string])[]
}

/** What becomes of a field of the source version; `SourceFieldCoverage` says each. */
export const SOURCE_OUTCOMES = ['carried', 'moved', 'stashed', 'lost', 'unvaried'] as const

/** How a field of the target version is filled; `TargetFieldCoverage` says each. */
export const TARGET_OUTCOMES = ['filled', 'constant', 'never-filled', 'refused'] as const

/** What became of one field of the source version. */
export interface SourceFieldCoverage {
  readonly field: string
  /**
   * `carried` to the same field, `moved` to others only, `stashed` in the stash annotation only,
   * `lost` (no change of it changes the answer), `unvaried` (never generated with two values).
   */
  readonly outcome: (typeof SOURCE_OUTCOMES)[number]
  /** The target fields that change when it does. */
  readonly to: readonly string[]
  /** The stash entries (`spec.encryption`) that change when it does. */
  readonly stashedAs: readonly string[]
}

/** How one field of the target version is filled. */
export interface TargetFieldCoverage {
  readonly field: string
  /**
   * `filled` from source fields, `constant` (filled, by no source field), `never-filled`, or
   * `refused`: filled with values the target version's schema refuses.
   */
  readonly outcome: (typeof TARGET_OUTCOMES)[number]
  /** The source fields whose change changes it. */
  readonly from: readonly string[]
  /** The default the target schema gives it, if any. */
  readonly default?: unknown
  /** Why the target schema refused a value, with one such value: generated, never a user's. */
  readonly refused?: { readonly reason: string; readonly example: unknown }
}

/** Coverage of one converter path, from one version to another. */
export interface PairCoverage {
  readonly from: string
  readonly to: string
  /** Generated objects converted; those whose conversion failed are left out, and counted. */
  readonly objects: number
  readonly failed: number
  readonly failure?: string
  readonly sources: readonly SourceFieldCoverage[]
  readonly targets: readonly TargetFieldCoverage[]
}

export interface CoverageReport {
  /** `CronTab.example.com` */
  readonly resource: string
  readonly pairs: readonly PairCoverage[]
}

const MAX_LEAVES_PER_OBJECT = 200
const ALTERNATIVES = 12
// text with the separators converters split at, which random strings seldom hold
const SHAPED_STRINGS = ['a/b', 'a:1', '[::1]:1', 'a.b', 'a,b', 'a=b', 'a b', 'a-b', 'a@b', '']

/**
 * What the converters of `resource` do with each field, found from behaviour: for each ordered
 * pair of versions, objects generated from the source version (whole and partial) are converted,
 * then converted again with one leaf changed at a time; a target field that changes with it is
 * filled from it, a stash entry that changes with it keeps it. Answers are pruned by the target
 * schema first, as the API server prunes them, and checked against the target's zod schema.
 *
 * @example
 * ```ts
 * const report = conversionCoverage(cronTab, { numRuns: 100 })
 * report.pairs[0].sources // [{ field: '.hostPort', outcome: 'moved', to: ['.host', '.port'], … }]
 * ```
 */
export function conversionCoverage(
  resource: Resource,
  options: CoverageOptions = {}
): CoverageReport {
  const scheme = createScheme([resource])
  const names = resource.versionNames
  const chosen =
    options.pairs ??
    names.flatMap((from) => names.filter((to) => to !== from).map((to) => [from, to] as const))
  const pairs = chosen.map(([from, to]) => pairCoverage(scheme, resource, from, to, options))
  return { resource: resource.identity.groupKind, pairs }
}

interface Answer {
  readonly object: KubeObject
  /** Leaf values of the pruned answer by their place (`["spec","ports",0]`). */
  readonly leaves: Map<string, { field: string; json: string }>
  readonly stash: Map<string, string>
}

function pairCoverage(
  scheme: Scheme,
  resource: Resource,
  from: string,
  to: string,
  options: CoverageOptions
): PairCoverage {
  const numRuns = options.numRuns ?? DEFAULT_COVERAGE_RUNS
  const seed = options.seed ?? 0
  const sourceSchema = versionJsonSchema(resource, from)
  const targetSchema = versionJsonSchema(resource, to)
  const sourceZod = resource.versions[from]?.schema as $ZodType
  const targetZod = resource.versions[to]?.schema as $ZodType
  const apiVersion = formatApiVersion(resource.group, to)
  const stashKey = stashAnnotationKey(resource.group)
  const convert = (object: unknown): Answer | string => {
    const result = convertChecked(scheme, object as KubeObject, apiVersion)
    if (!result.ok) return result.problem.reason
    const pruned = pruneUnknownFields(result.object, targetSchema)
    const leaves = new Map<string, { field: string; json: string }>()
    for (const leaf of leafValues(pruned, targetSchema)) {
      leaves.set(JSON.stringify(leaf.at), { field: leaf.field, json: canonicalJson(leaf.value) })
    }
    return { object: pruned as KubeObject, leaves, stash: stashEntries(result.object, stashKey) }
  }
  const alternatives = alternativeValues(seed)
  const reach = new Map<string, Set<string>>()
  const stashed = new Map<string, Set<string>>()
  const varied = new Set<string>()
  const filled = new Set<string>()
  const refused = new Map<string, { reason: string; example: unknown }>()
  let objects = 0
  let failed = 0
  let failure: string | undefined
  const samples = [
    ...fc.sample(arbitraryObjectAt(resource, from), { seed, numRuns }),
    ...fc.sample(arbitraryObjectAt(resource, from, { partial: true }), { seed: seed + 1, numRuns }),
  ]
  for (const object of samples) {
    const base = convert(object)
    if (typeof base === 'string') {
      failed++
      failure ??= base
      continue
    }
    objects++
    for (const { field } of base.leaves.values()) filled.add(field)
    // a value its own version's zod schema refuses is no converter's fault
    if (refusals(sourceZod, sourceSchema, object).length === 0) {
      for (const found of refusals(targetZod, targetSchema, base.object)) {
        if (!refused.has(found.field)) refused.set(found.field, found)
      }
    }
    for (const leaf of leafValues(object, sourceSchema).slice(0, MAX_LEAVES_PER_OBJECT)) {
      const other = alternatives(leaf)
      if (other === undefined) continue
      const changed = convert(withValueAt(object, leaf.at, other))
      if (typeof changed === 'string') continue
      varied.add(leaf.field)
      for (const { field } of changed.leaves.values()) filled.add(field)
      for (const field of changedFields(base.leaves, changed.leaves)) add(reach, leaf.field, field)
      for (const key of changedKeys(base.stash, changed.stash)) add(stashed, leaf.field, key)
    }
  }
  const sources = schemaLeaves(sourceSchema).map(({ field }): SourceFieldCoverage => {
    const reached = [...(reach.get(field) ?? [])]
    const kept = [...(stashed.get(field) ?? [])]
    const outcome = !varied.has(field)
      ? 'unvaried'
      : reached.includes(field)
        ? 'carried'
        : reached.length > 0
          ? 'moved'
          : kept.length > 0
            ? 'stashed'
            : 'lost'
    return { field, outcome, to: reached, stashedAs: kept }
  })
  const targets = schemaLeaves(targetSchema).map(({ field, schema }): TargetFieldCoverage => {
    const fromFields = sources.filter((source) => source.to.includes(field)).map((s) => s.field)
    const refusal = refused.get(field)
    const outcome =
      refusal !== undefined
        ? 'refused'
        : !filled.has(field)
          ? 'never-filled'
          : fromFields.length > 0
            ? 'filled'
            : 'constant'
    return {
      field,
      outcome,
      from: fromFields,
      ...(schema['default'] === undefined ? {} : { default: schema['default'] }),
      ...(refusal === undefined
        ? {}
        : { refused: { reason: refusal.reason, example: refusal.example } }),
    }
  })
  return {
    from,
    to,
    objects,
    failed,
    ...(failure === undefined ? {} : { failure }),
    sources,
    targets,
  }
}

/** A value for a leaf that differs from the one it has, from its schema; none for a constant. */
function alternativeValues(seed: number): (leaf: LeafValue) => unknown {
  const pools = new Map<string, unknown[]>()
  return (leaf) => {
    let pool = pools.get(leaf.field)
    if (pool === undefined) {
      const values = arbitraryFromJsonSchema(leaf.schema, {
        unknownKey: fc.constantFrom('coverageProbe'),
        maxDepth: 2,
      })
      pool = [...shapedStrings(leaf.schema), ...fc.sample(values, { seed, numRuns: ALTERNATIVES })]
      if (leaf.schema['nullable'] === true) pool.push(null)
      pools.set(leaf.field, pool)
    }
    const current = canonicalJson(leaf.value)
    return pool.find((value) => canonicalJson(value) !== current)
  }
}

/** `SHAPED_STRINGS` a plain string field takes: no enum, pattern or format, within its lengths. */
function shapedStrings(schema: JsonSchema): string[] {
  const plain =
    schema['type'] === 'string' &&
    schema['enum'] === undefined &&
    schema['pattern'] === undefined &&
    schema['format'] === undefined
  if (!plain) return []
  const min = typeof schema['minLength'] === 'number' ? schema['minLength'] : 0
  const max = typeof schema['maxLength'] === 'number' ? schema['maxLength'] : Infinity
  return SHAPED_STRINGS.filter((text) => text.length >= min && text.length <= max)
}

/** Fields where the target schema refuses a value `object` has (absent fields aside). */
function refusals(
  zod: $ZodType,
  schema: JsonSchema,
  object: unknown
): { field: string; reason: string; example: unknown }[] {
  const result = safeParse(zod, object)
  if (result.success) return []
  return result.error.issues.flatMap((issue) => {
    const at = issue.path.filter((step) => typeof step !== 'symbol') as ValuePath
    const value = valueAt(object, at)
    if (value === undefined || at[0] === 'metadata') return []
    return [{ field: fieldAt(schema, at), reason: describeIssue(issue), example: value }]
  })
}

// zod/mini has no messages of its own ("Invalid input"): say it from the issue
function describeIssue(issue: $ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `not ${issue.expected === 'int' ? 'an integer' : `a ${issue.expected}`}`
    case 'invalid_value':
      return `not one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`
    case 'invalid_format':
      return issue.pattern === undefined
        ? `not a valid ${issue.format}`
        : `does not match ${issue.pattern}`
    case 'too_big':
      return `over the maximum ${String(issue.maximum)}`
    case 'too_small':
      return `under the minimum ${String(issue.minimum)}`
    case 'not_multiple_of':
      return `not a multiple of ${String(issue.divisor)}`
    default:
      return issue.message
  }
}

function valueAt(object: unknown, at: ValuePath): unknown {
  let current = object
  for (const step of at) {
    if (Array.isArray(current) && typeof step === 'number') current = current[step]
    else if (isPlainObject(current)) current = current[String(step)]
    else return undefined
  }
  return current
}

/** Every field stashed in the answer's stash annotation, `version/field` → its value as JSON. */
function stashEntries(object: KubeObject, key: string): Map<string, string> {
  const entries = new Map<string, string>()
  const text = isPlainObject(object.metadata?.annotations)
    ? object.metadata.annotations[key]
    : undefined
  if (typeof text !== 'string') return entries
  let stash: unknown
  try {
    stash = JSON.parse(text)
  } catch {
    return entries
  }
  if (!isPlainObject(stash)) return entries
  for (const entry of Object.values(stash)) {
    const fields = isPlainObject(entry) ? entry['fields'] : undefined
    if (!isPlainObject(fields)) continue
    for (const [name, value] of Object.entries(fields)) entries.set(name, canonicalJson(value))
  }
  return entries
}

function changedFields(
  before: Map<string, { field: string; json: string }>,
  after: Map<string, { field: string; json: string }>
): Set<string> {
  const fields = new Set<string>()
  for (const [at, leaf] of before) if (after.get(at)?.json !== leaf.json) fields.add(leaf.field)
  for (const [at, leaf] of after) if (!before.has(at)) fields.add(leaf.field)
  return fields
}

function changedKeys(before: Map<string, string>, after: Map<string, string>): Set<string> {
  const keys = new Set<string>()
  for (const [key, json] of before) if (after.get(key) !== json) keys.add(key)
  for (const key of after.keys()) if (!before.has(key)) keys.add(key)
  return keys
}

function add(map: Map<string, Set<string>>, key: string, value: string): void {
  const set = map.get(key) ?? new Set<string>()
  set.add(value)
  map.set(key, set)
}
