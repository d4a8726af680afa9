// What coverage reads in an answer: values a zod schema refuses, stash entries, changed leaves.
import { safeParse, type $ZodIssue, type $ZodType } from 'zod/v4/core'
import { canonicalJson, isPlainObject, type KubeObject } from '@crdconv/webhook/scheme'
import type { JsonSchema } from './json-schema-arbitrary.ts'
import { fieldAt, type ValuePath } from './schema-leaves.ts'
import { withArticle } from '../wording/index.ts'

/** Fields where the target schema refuses a value `object` has (absent fields aside). */
export function refusals(
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
export function describeIssue(issue: $ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `not ${withArticle(issue.expected === 'int' ? 'integer' : issue.expected)}`
    case 'invalid_value':
      return `not one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`
    case 'invalid_format':
      return issue.pattern === undefined || issue.format !== 'regex'
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

/** The value at a place of `object`, `undefined` where there is none. */
export function valueAt(object: unknown, at: ValuePath): unknown {
  let current = object
  for (const step of at) {
    if (Array.isArray(current) && typeof step === 'number') current = current[step]
    else if (isPlainObject(current)) current = current[String(step)]
    else return undefined
  }
  return current
}

/** Every field stashed in the answer's stash annotation, `version/field` → its value as JSON. */
export function stashEntries(object: KubeObject, key: string): Map<string, string> {
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

export function changedFields(
  before: Map<string, { field: string; json: string }>,
  after: Map<string, { field: string; json: string }>
): Set<string> {
  const fields = new Set<string>()
  for (const [at, leaf] of before) if (after.get(at)?.json !== leaf.json) fields.add(leaf.field)
  for (const [at, leaf] of after) if (!before.has(at)) fields.add(leaf.field)
  return fields
}

export function changedKeys(before: Map<string, string>, after: Map<string, string>): Set<string> {
  const keys = new Set<string>()
  for (const [key, json] of before) if (after.get(key) !== json) keys.add(key)
  for (const key of after.keys()) if (!before.has(key)) keys.add(key)
  return keys
}

/** The answer without its metadata, where the stash's fingerprint changes with any field. */
export function withoutMetadata(object: KubeObject): unknown {
  const { metadata: _metadata, ...rest } = object
  return rest
}

/** The first place where two JSON values differ, or `undefined` when they are equal. */
export function firstDifference(
  before: unknown,
  after: unknown,
  at: (string | number)[] = []
): ValuePath | undefined {
  if (canonicalJson(before) === canonicalJson(after)) return undefined
  if (Array.isArray(before) && Array.isArray(after)) {
    for (let index = 0; index < Math.max(before.length, after.length); index++) {
      const found = firstDifference(before[index], after[index], [...at, index])
      if (found !== undefined) return found
    }
  } else if (isPlainObject(before) && isPlainObject(after)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      const found = firstDifference(before[key], after[key], [...at, key])
      if (found !== undefined) return found
    }
  }
  return at
}
