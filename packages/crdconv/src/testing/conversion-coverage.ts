import type { $ZodType } from 'zod/v4/core'
import { convertChecked } from '@crdconv/webhook/review'
import {
  annotationPlaceValue,
  canonicalJson,
  createScheme,
  formatApiVersion,
  stashAnnotationKey,
  type AnnotationPlace,
  type ConversionFailure,
  checkDefinitions,
  type KubeObject,
  type Resource,
  type Scheme,
} from '@crdconv/webhook/scheme'
import {
  changedFields,
  changedKeys,
  firstDifference,
  refusals,
  stashEntries,
  withoutMetadata,
} from './coverage-answers.ts'
import { alternativeValues, sampleObjects } from './coverage-values.ts'
import { versionJsonSchema } from './object-arbitrary.ts'
import { pruneUnknownFields } from './prune-unknown-fields.ts'
import { fieldAt, leafValues, schemaLeaves, withValueAt } from './schema-leaves.ts'
import { seededVersions, type VersionSeeds } from './seeded-versions.ts'
import {
  DEFAULT_COVERAGE_RUNS,
  type CoverageOptions,
  type CoverageReport,
  type PairCoverage,
  type SourceFieldCoverage,
  type TargetFieldCoverage,
} from './coverage-report.ts'

const MAX_LEAVES_PER_OBJECT = 200
const MAX_PROBES_PER_FIELD = 16
/**
 * What the converters of `resource` do with each field, found from behaviour: for each ordered
 * pair of versions, the source version's seeds (its `examples`, the objects given, recorded ones)
 * and objects generated from its schema (whole and partial) are converted,
 * then converted again with one leaf changed at a time; a target field that changes with it is
 * filled from it, a stash entry that changes with it keeps it. Answers are pruned by the target
 * schema first, as the API server prunes them, and checked against the target's zod schema.
 * Throws a `SchemeError` on a mistake in the definition (`checkDefinitions`).
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
  checkDefinitions([resource])
  const scheme = createScheme([resource])
  const names = resource.versionNames
  const chosen =
    options.pairs ??
    names.flatMap((from) => names.filter((to) => to !== from).map((to) => [from, to] as const))
  // each source version's objects serve every pair that starts there
  const sources = new Map<string, Source>()
  let seeded: Map<string, VersionSeeds> | undefined
  const sourceAt = (version: string): Source => {
    let found = sources.get(version)
    if (found === undefined) {
      seeded ??= seededVersions(resource, options)
      const seeds = seeded.get(version)
      // realistic objects first: the seeds, and each with every shape the seeds hold combined
      const realistic = [
        ...(seeds?.seeds ?? []).map((seed) => seed.object),
        ...(seeds?.combined ?? []),
      ]
      found = {
        samples: [
          ...realistic,
          ...sampleObjects(
            resource,
            version,
            options.numRuns ?? DEFAULT_COVERAGE_RUNS,
            options.seed ?? 0
          ),
        ],
        realistic: new Set(realistic),
        seed: options.seed ?? 0,
      }
      sources.set(version, found)
    }
    return found
  }
  const pairs = chosen.map(([from, to]) => pairCoverage(scheme, resource, from, to, sourceAt(from)))
  return { resource: resource.identity.groupKind, pairs }
}

interface Source {
  readonly samples: readonly KubeObject[]
  /** The realistic samples, before the generated ones. */
  readonly realistic: ReadonlySet<KubeObject>
  readonly seed: number
}

interface Answer {
  readonly object: KubeObject
  /** Leaf values of the pruned answer by their place (`["spec","ports",0]`). */
  readonly leaves: Map<string, { field: string; json: string }>
  readonly stash: Map<string, string>
  /** What each declared annotation place keeps, by its label, as canonical JSON. */
  readonly places: Map<string, string>
}

function pairCoverage(
  scheme: Scheme,
  resource: Resource,
  from: string,
  to: string,
  { samples, realistic, seed }: Source
): PairCoverage {
  // each pair tries each field's other values from the first: the same report in any order
  const alternatives = alternativeValues(seed)
  const sourceSchema = versionJsonSchema(resource, from)
  const targetSchema = versionJsonSchema(resource, to)
  const sourceZod = resource.versions[from]?.schema as $ZodType
  const targetZod = resource.versions[to]?.schema as $ZodType
  const apiVersion = formatApiVersion(resource.group, to)
  const stashKey = stashAnnotationKey(resource.group)
  const places = resource.converters.flatMap((converter) => converter.annotationPlaces ?? [])
  // the answer check runs once per object, not once per changed field
  const convert = (object: unknown, checked = false): Answer | ConversionFailure => {
    const result = checked
      ? convertChecked(scheme, object as KubeObject, apiVersion)
      : scheme.convert(object, apiVersion)
    if (!result.ok) return 'problem' in result ? result.problem : result.failure
    const pruned = pruneUnknownFields(result.object, targetSchema)
    const leaves = new Map<string, { field: string; json: string }>()
    for (const leaf of leafValues(pruned, targetSchema)) {
      leaves.set(JSON.stringify(leaf.at), { field: leaf.field, json: canonicalJson(leaf.value) })
    }
    return {
      object: pruned as KubeObject,
      leaves,
      stash: stashEntries(result.object, stashKey),
      places: placeValues(result.object, places),
    }
  }
  const reach = new Map<string, Set<string>>()
  const stashed = new Map<string, Set<string>>()
  const annotated = new Map<string, Set<string>>()
  const varied = new Set<string>()
  const probes = new Map<string, number>()
  const filled = new Set<string>()
  const refused = new Map<string, { reason: string; example: unknown }>()
  let objects = 0
  let seeds = 0
  let failed = 0
  let overBudget = 0
  let failure: string | undefined
  for (const object of samples) {
    const base = convert(object, true)
    if ('code' in base) {
      if (base.code === 'stash-too-large') overBudget++
      else {
        failed++
        failure ??= base.message
      }
      continue
    }
    objects++
    if (realistic.has(object)) seeds++
    for (const { field } of base.leaves.values()) filled.add(field)
    // a value its own version's zod schema refuses is no converter's fault
    if (refusals(sourceZod, sourceSchema, object).length === 0) {
      for (const found of refusals(targetZod, targetSchema, base.object)) {
        if (!refused.has(found.field)) refused.set(found.field, found)
      }
    }
    for (const leaf of leafValues(object, sourceSchema).slice(0, MAX_LEAVES_PER_OBJECT)) {
      // a field seen changing often enough says no more; large CRDs stay fast
      if ((probes.get(leaf.field) ?? 0) >= MAX_PROBES_PER_FIELD) continue
      probes.set(leaf.field, (probes.get(leaf.field) ?? 0) + 1)
      const other = alternatives(leaf)
      if (other === undefined) continue
      const changed = convert(withValueAt(object, leaf.at, other))
      if ('code' in changed) continue
      varied.add(leaf.field)
      for (const { field } of changed.leaves.values()) filled.add(field)
      const fields = changedFields(base.leaves, changed.leaves)
      const keys = changedKeys(base.stash, changed.stash)
      const labels = changedKeys(base.places, changed.places)
      // kept where the target keeps unknown fields: no declared leaf shows it
      if (fields.size === 0 && keys.size === 0 && labels.size === 0) {
        const at = firstDifference(withoutMetadata(base.object), withoutMetadata(changed.object))
        if (at !== undefined) fields.add(fieldAt(targetSchema, at))
      }
      for (const field of fields) add(reach, leaf.field, field)
      for (const key of keys) add(stashed, leaf.field, key)
      for (const label of labels) add(annotated, leaf.field, label)
    }
  }
  const sources = schemaLeaves(sourceSchema).map(({ field }): SourceFieldCoverage => {
    const reached = [...(reach.get(field) ?? [])]
    const kept = [...(stashed.get(field) ?? [])]
    const inAnnotations = [...(annotated.get(field) ?? [])]
    const outcome = !varied.has(field)
      ? 'unvaried'
      : reached.includes(field)
        ? 'carried'
        : reached.length > 0
          ? 'moved'
          : kept.length > 0
            ? 'stashed'
            : inAnnotations.length > 0
              ? 'annotated'
              : 'lost'
    return {
      field,
      outcome,
      to: reached,
      stashedAs: kept,
      ...(inAnnotations.length === 0 ? {} : { annotatedAs: inAnnotations }),
    }
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
    seeds,
    failed,
    ...(failure === undefined ? {} : { failure }),
    overBudget,
    sources,
    targets,
  }
}

/** What each annotation place keeps in `object`, by its label; a place that keeps nothing is absent. */
function placeValues(object: KubeObject, places: readonly AnnotationPlace[]): Map<string, string> {
  const values = new Map<string, string>()
  for (const place of places) {
    const value = annotationPlaceValue(object, place)
    const label = place.holds === 'field' ? place.annotation : `${place.annotation} ${place.path}`
    if (value !== undefined) values.set(label, canonicalJson(value))
  }
  return values
}

function add(map: Map<string, Set<string>>, key: string, value: string): void {
  const set = map.get(key) ?? new Set<string>()
  set.add(value)
  map.set(key, set)
}
