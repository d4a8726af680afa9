// Fields that move between versions with their value converted, which no rename can carry: a
// duration string that becomes whole seconds somewhere else (`spec.nodeDrainTimeout` →
// `spec.deletion.nodeDrainTimeoutSeconds`), and an object reference's `apiVersion` that becomes
// its `apiGroup`. Import names both paths and the conversion in a TODO: neither is exact both ways.
import type { SchemaDifference } from '../diff/index.ts'
import { planAt } from './plan-paths.ts'
import type { PlannedVersion } from './move-plan.ts'
import type { ZodPlan } from './zod-plan.ts'

/** A removed field whose value lives on, converted, in a field the other version adds. */
export interface ValueConversion {
  /** The removed field, as `crdconv diff` names it: `.spec.nodeDrainTimeout`. */
  readonly from: string
  /** The field that holds it now; it may be inside an added object: `.spec.deletion.nodeDrainTimeoutSeconds`. */
  readonly to: string
  /** The added difference `to` is, where it is one itself (not inside an added parent). */
  readonly added?: SchemaDifference
  /** What a `then` and a `thenBack` must do. */
  readonly decide: string
}

const SECONDS = /Seconds$/
const DURATION_NAME = /(Timeout|Duration|Interval|Period)$/

/**
 * The value conversions between `older` and `newer` that their added and removed fields show.
 *
 * @example
 * ```ts
 * valueConversions(differences, v1beta1, v1beta2)
 * // [{ from: '.spec.nodeDrainTimeout', to: '.spec.deletion.nodeDrainTimeoutSeconds', decide: … }]
 * ```
 */
export function valueConversions(
  differences: readonly SchemaDifference[],
  older: PlannedVersion,
  newer: PlannedVersion
): ValueConversion[] {
  const removed = differences.filter((difference) => difference.kind === 'removed')
  const added = differences.filter((difference) => difference.kind === 'added')
  const fieldsOf = (side: readonly SchemaDifference[], version: PlannedVersion) =>
    side.flatMap((difference) =>
      leaves(planAt(version.plan, difference.path)?.plan, difference.path).map((leaf) => ({
        ...leaf,
        ...(leaf.path === difference.path ? { difference } : {}),
      }))
    )
  const gone = fieldsOf(removed, older)
  const come = fieldsOf(added, newer)
  const conversions: ValueConversion[] = []
  const [from, to] = [older.name, newer.name]
  for (const old of gone) {
    for (const now of come) {
      const decide = conversionOf(old, now, from, to)
      if (decide === undefined) continue
      conversions.push({
        from: old.path,
        to: now.path,
        ...(now.difference === undefined ? {} : { added: now.difference }),
        decide,
      })
    }
  }
  return conversions
}

interface Leaf {
  readonly path: string
  readonly plan: ZodPlan
}

// the field at `path` and, where it is an object (or a list of them), every field below it
function leaves(plan: ZodPlan | undefined, path: string): Leaf[] {
  if (plan === undefined) return []
  if (plan.kind === 'object') {
    return [
      { path, plan },
      ...plan.fields.flatMap((field) => leaves(field.plan, `${path}.${field.name}`)),
    ]
  }
  if (plan.kind === 'array') return [{ path, plan }, ...leaves(plan.items, `${path}[]`)]
  return [{ path, plan }]
}

const nameOf = (path: string) => path.slice(path.lastIndexOf('.') + 1)
const parentOf = (path: string) => path.slice(0, path.lastIndexOf('.'))
const isDuration = (leaf: Leaf) =>
  leaf.plan.kind === 'string' &&
  (leaf.plan.stated['format'] === 'duration' || DURATION_NAME.test(nameOf(leaf.path)))
const isSeconds = (leaf: Leaf) =>
  (leaf.plan.kind === 'integer' || leaf.plan.kind === 'number') && SECONDS.test(nameOf(leaf.path))
const sameName = (duration: Leaf, seconds: Leaf) =>
  `${nameOf(duration.path)}Seconds`.toLowerCase() === nameOf(seconds.path).toLowerCase()

function conversionOf(old: Leaf, now: Leaf, from: string, to: string): string | undefined {
  if (isDuration(old) && isSeconds(now) && sameName(old, now)) {
    return `${from}'s duration ${old.path} is ${to}'s ${now.path} in whole seconds: in a \`then\`, parse the duration ("1m30s") into seconds; in a \`thenBack\`, write the seconds as a duration ("90s"); until then ${old.path} is stashed and ${now.path} left empty`
  }
  if (isSeconds(old) && isDuration(now) && sameName(now, old)) {
    return `${from}'s ${old.path}, in whole seconds, is ${to}'s duration ${now.path}: in a \`then\`, write the seconds as a duration ("90s"); in a \`thenBack\`, parse the duration back into seconds; until then ${old.path} is stashed and ${now.path} left empty`
  }
  const reference =
    old.plan.kind === 'string' &&
    now.plan.kind === 'string' &&
    parentOf(old.path) === parentOf(now.path)
  if (reference && nameOf(old.path) === 'apiVersion' && nameOf(now.path) === 'apiGroup') {
    return `${from}'s ${old.path} (group/version) is ${to}'s ${now.path} without the version: in a \`then\`, set it to the part of apiVersion before the "/" ("" for the core group's "v1"); the way back needs a version ${to} does not keep: the stash gives it back to objects that came from ${from}, for others look it up (the referenced kind's served versions) in a \`thenBack\``
  }
  if (reference && nameOf(old.path) === 'apiGroup' && nameOf(now.path) === 'apiVersion') {
    return `${from}'s ${old.path} is the group of ${to}'s ${now.path} (group/version): in a \`then\`, add the version the reference means (the referenced kind's served versions); in a \`thenBack\`, keep the part before the "/"`
  }
  return undefined
}
