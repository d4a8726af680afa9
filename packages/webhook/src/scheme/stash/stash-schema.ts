// The stash as a zod object: what a converter may keep, typed both ways, and a stash read back
// checked against it rather than cast.
import { safeParse, type $ZodObject, type input, type output } from 'zod/v4/core'
import { problem, type Problem, type ProblemCode } from '../problem.ts'

/**
 * A stash's fields as a zod object, one key per field kept (`z.object({ encryption: Encryption })`):
 * `stashFields` takes what it describes, `restoreStashedFields` gives back what passes it.
 */
export type StashSchema = $ZodObject

/** What `stashFields` takes under `schema`: any of its fields, each may be `undefined` (left out). */
export type StashInput<Schema extends StashSchema> = {
  readonly [Name in keyof input<Schema>]?: input<Schema>[Name] | undefined
}

/** What a stash under `schema` gives back: the schema's output, each field possibly missing. */
export type StashOutput<Schema extends StashSchema> = Partial<output<Schema>>

/**
 * Why a stash entry was dropped rather than restored: the object was edited at the other version
 * since (`stash-edited`), or the entry is not what the stash schema describes (`stash-unreadable`:
 * written by hand, or by a converter that kept other fields).
 */
export const STALE_STASH_CODES = ['stash-edited', 'stash-unreadable'] as const

export type StaleStashCode = ProblemCode<typeof STALE_STASH_CODES>

/** A stash entry dropped as stale, and why; `path` is the first field that failed the schema. */
export type StaleStash = Problem<StaleStashCode>

/** The keys a stash schema names: the only fields a stash under it holds. */
export function stashSchemaKeys(schema: StashSchema): string[] {
  return Object.keys(schema._zod.def.shape)
}

/** Whether `value` is a zod object schema, for callers without types. */
export function isStashSchema(value: unknown): value is StashSchema {
  const zod = (value as { _zod?: { def?: { type?: unknown } } } | null | undefined)?._zod
  return zod?.def?.type === 'object'
}

/**
 * `fields` read through `schema`, each field through its own schema (a stash holds any of them):
 * their output, or the problem that makes the entry stale, a field the schema does not name
 * included. `entry` names the entry in the message (`the stash entry of v1 on Backup default/db`);
 * no value is ever quoted, since a stash holds the object's fields.
 *
 * @example
 * ```ts
 * const read = readStashed(z.object({ port: z.string() }), { port: 80 }, 'the stash entry of v1')
 * // → { problem: { code: 'stash-unreadable', path: 'port', message: '… port (invalid_type) …' } }
 * ```
 */
export function readStashed<Schema extends StashSchema>(
  schema: Schema,
  fields: Readonly<Record<string, unknown>>,
  entry: string
): { readonly fields: StashOutput<Schema> } | { readonly problem: StaleStash } {
  const shape = schema._zod.def.shape
  const read: Record<string, unknown> = {}
  const faults: { readonly path: string; readonly why: string }[] = []
  for (const [name, value] of Object.entries(fields)) {
    const field = Object.hasOwn(shape, name) ? shape[name] : undefined
    if (field === undefined) {
      faults.push({ path: name, why: 'not in the schema' })
      continue
    }
    const parsed = safeParse(field, value, { reportInput: false })
    if (parsed.success) read[name] = parsed.data
    else {
      for (const issue of parsed.error.issues) {
        faults.push({ path: [name, ...issue.path].join('.'), why: issue.code })
      }
    }
  }
  const first = faults[0]
  if (first === undefined) return { fields: read as StashOutput<Schema> }
  const where = faults.map(({ path, why }) => `${path} (${why})`).join(', ')
  return {
    problem: problem(
      'stash-unreadable',
      `${entry} does not match the stash schema at ${where}: dropped as stale, nothing restored`,
      first.path
    ),
  }
}
