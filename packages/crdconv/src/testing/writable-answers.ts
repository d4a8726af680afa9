// Whether a converted object is one a client could write back at its version: the version's zod
// schema, which the CRD's schema is generated from, accepts it (required fields, enums, formats,
// bounds). A round trip can pass while the answer is one the API server refuses on the next write.
import { safeParse, type $ZodType } from 'zod/v4/core'
import type { KubeObject, Resource } from '@crdconv/webhook/scheme'
import { describeIssue, valueAt } from './coverage-answers.ts'
import type { ValuePath } from './schema-leaves.ts'

/** At most this many refusals are named: the first ones tell the author where to look. */
const MAX_REFUSALS = 5

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
): (object: KubeObject, version: string) => string[] {
  return (object, version) => {
    const schema = resource.versions[version]?.schema as $ZodType | undefined
    if (schema === undefined) return []
    const result = safeParse(schema, object)
    if (result.success) return []
    return result.error.issues.slice(0, MAX_REFUSALS).map((issue) => {
      const at = issue.path.filter((step) => typeof step !== 'symbol') as ValuePath
      const place = at.length === 0 ? '(root)' : dotted(at)
      return valueAt(object, at) === undefined
        ? `${place}: required, absent`
        : `${place}: ${describeIssue(issue)}`
    })
  }
}

function dotted(at: ValuePath): string {
  return at
    .map((step, index) =>
      typeof step === 'number' ? `[${step}]` : index === 0 ? step : `.${step}`
    )
    .join('')
}
