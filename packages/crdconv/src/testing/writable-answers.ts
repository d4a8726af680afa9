// Whether a converted object is one a client could write back at its version: the version's zod
// schema, which the CRD's schema is generated from, accepts it (required fields, enums, formats,
// bounds). A round trip can pass while the answer is one the API server refuses on the next write.
import { safeParse, type $ZodType } from 'zod/v4/core'
import { canonicalJson, type KubeObject, type Resource } from '@crdconv/webhook/scheme'
import { describeIssue, valueAt } from './coverage-answers.ts'
import type { ValuePath } from './schema-leaves.ts'

/** At most this many refusals of one answer are named: the first ones tell the author where to look. */
export const MAX_REFUSALS = 5

/** One thing a version's schema refuses in an object. */
export interface Refusal {
  /** The value's place, list positions included: `spec.ports[0].name`. */
  readonly place: string
  /** The field, list positions left out: `spec.ports[].name`. */
  readonly field: string
  readonly at: ValuePath
  /** `required, absent`, `not one of "fast", "safe"`. */
  readonly reason: string
}

/**
 * A function that lists what `version`'s schema refuses in an object (`spec.mode: not one of
 * "fast", "safe"`, `spec.size: required, absent`), `[]` for an object a client could write.
 *
 * @example
 * ```ts
 * const refusals = schemaRefusals(cronTab)
 * refusals({ apiVersion: 'example.com/v1', kind: 'CronTab', spec: { replicas: -1 } }, 'v1')
 * ```
 */
export function schemaRefusals(
  resource: Resource
): (object: KubeObject, version: string) => Refusal[] {
  return (object, version) => {
    const schema = resource.versions[version]?.schema as $ZodType | undefined
    if (schema === undefined) return []
    const result = safeParse(schema, object)
    if (result.success) return []
    return result.error.issues.map((issue) => {
      const at = issue.path.filter((step) => typeof step !== 'symbol') as ValuePath
      return {
        place: at.length === 0 ? '(root)' : dotted(at),
        field: at.length === 0 ? '(root)' : dotted(at, { positions: false }),
        at,
        reason: valueAt(object, at) === undefined ? 'required, absent' : describeIssue(issue),
      }
    })
  }
}

/** `spec.mode: not one of "fast", "careful"`. */
export function describeRefusal(refusal: Refusal): string {
  return `${refusal.place}: ${refusal.reason}`
}

/**
 * Whether the answer holds at the refused place what the object it was converted from holds
 * there (the same value, or nothing in both): the converters carried it over as it is, so the
 * refusal is a difference between the two versions nobody decided yet (what an imported CRD's
 * TODO names), not a value a converter wrote.
 */
export function carriedOver(refusal: Refusal, source: KubeObject, answer: KubeObject): boolean {
  const before = valueAt(source, refusal.at)
  const after = valueAt(answer, refusal.at)
  if (before === undefined || after === undefined) return before === after
  return canonicalJson(before) === canonicalJson(after)
}

function dotted(at: ValuePath, { positions = true } = {}): string {
  return at
    .map((step, index) =>
      typeof step === 'number' ? (positions ? `[${step}]` : '[]') : index === 0 ? step : `.${step}`
    )
    .join('')
}
