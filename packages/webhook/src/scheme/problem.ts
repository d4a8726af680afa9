/**
 * One thing that went wrong, as data: a machine-readable `code` from its domain's `as const`
 * table, a `message` built from the data that names the object, the versions and the field, and
 * the `path` of that field when there is one. Text for people (a CLI line, an HTTP answer) is
 * formatted from it at the edge; tests and programs read the `code`. The shape of zod's issues.
 *
 * @example
 * ```ts
 * const RESIZE_CODES = ['too-big', 'not-a-number'] as const
 * type ResizeProblem = Problem<ProblemCode<typeof RESIZE_CODES>>
 * const problem: ResizeProblem = { code: 'too-big', message: 'spec.size is 9, at most 8', path: 'spec.size' }
 * ```
 */
export interface Problem<Code extends string = string> {
  readonly code: Code
  readonly message: string
  /** The field the problem is about, as the message names it (`spec.replicas`, `.spec.versions[0]`). */
  readonly path?: string
}

/** The code type of a domain's `as const` table of codes. */
export type ProblemCode<Codes extends readonly string[]> = Codes[number]
