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

/**
 * A problem with a `path` only when there is one, so the data compares equal to a literal.
 *
 * @example
 * ```ts
 * problem('too-big', 'spec.size is 9, at most 8', 'spec.size')
 * ```
 */
export function problem<Code extends string>(
  code: Code,
  message: string,
  path?: string
): Problem<Code> {
  return path === undefined ? { code, message } : { code, message, path }
}

/**
 * An `Error` that is also a {@link Problem}: thrown where a program stops on one, and formatted
 * where it leaves the program (a CLI line). Subclasses name their domain's codes.
 *
 * @example
 * ```ts
 * class ResizeError extends ProblemError<'too-big'> {
 *   override readonly name = 'ResizeError'
 * }
 * throw new ResizeError('too-big', 'spec.size is 9, at most 8')
 * ```
 */
export class ProblemError<Code extends string = string> extends Error implements Problem<Code> {
  override readonly name: string = 'ProblemError'
  readonly code: Code

  constructor(code: Code, message: string, options: ErrorOptions = {}) {
    super(message, options)
    this.code = code
  }
}
