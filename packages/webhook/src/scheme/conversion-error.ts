import { ProblemError } from './problem.ts'
import type { SchemeProblem, SchemeProblemCode } from './scheme-problem.ts'

/** What a converter may say beside its message when it refuses an object. */
export interface ConversionErrorOptions {
  /** Dotted path of the field at fault (`path` of the problem). */
  readonly field?: string
  /** The error that led to this one, kept for whoever catches it; never sent to the API server. */
  readonly cause?: unknown
}

/**
 * Thrown by a converter to fail a conversion with a message for the person reading
 * `kubectl get`: the API server shows it verbatim inside its HTTP 500. A {@link Problem} with
 * the code `converter-refused` (the stash's own refusal: `stash-too-large`) and the field at
 * fault as its `path`.
 *
 * @example
 * ```ts
 * throw new ConversionError('hostPort could not be parsed into a separate host and port', {
 *   field: 'hostPort',
 * })
 * ```
 */
export class ConversionError extends ProblemError<ConverterRefusalCode> {
  override readonly name = 'ConversionError'
  /** Dotted path of the field at fault, when there is one (the same as `path`). */
  readonly field: string | undefined
  readonly path: string | undefined

  constructor(message: string, options: ConversionErrorOptions = {}) {
    super(new.target.code, message, options.cause === undefined ? {} : { cause: options.cause })
    this.field = options.field
    this.path = options.field
  }

  /** The code every error of this class carries. */
  static readonly code: ConverterRefusalCode = 'converter-refused'
}

/** The codes a converter's own refusal carries: its own, or the stash's. */
export type ConverterRefusalCode = 'converter-refused' | 'stash-too-large'

/** Also true across bundles, where `instanceof` fails (two copies of the class). */
export function isConversionError(error: unknown): error is ConversionError {
  return (
    error instanceof ConversionError ||
    (error instanceof Error && error.name === 'ConversionError' && 'field' in error)
  )
}

/**
 * Thrown by the stash when what a conversion must keep would not fit it (past its depth or byte
 * budget, or the annotations past the API server's limit): a limit of the two versions, not a
 * converter's refusal, so it fails with its own code, `stash-too-large`. It is a
 * `ConversionError` by name too, so that code catching those by name still does.
 */
export class StashTooLargeError extends ConversionError {
  static override readonly code: ConverterRefusalCode = 'stash-too-large'
}

/**
 * Whether `error` is the stash's own refusal: by its `code`, so also across bundles, where a
 * copy's error is no `instanceof` this one's.
 */
export function isStashTooLarge(error: unknown): boolean {
  return isConversionError(error) && (error as { code?: unknown }).code === 'stash-too-large'
}

/**
 * Thrown while a scheme is built: a definition mistake that must stop the deploy, not a request.
 * Its `issues` are the mistakes as data, each with a code; its message lists them under `subject`.
 *
 * @example
 * ```ts
 * try {
 *   defineResource(definition)
 * } catch (error) {
 *   if (error instanceof SchemeError) console.error(error.issues.map((issue) => issue.code))
 * }
 * ```
 */
export class SchemeError extends ProblemError<SchemeProblemCode> {
  override readonly name = 'SchemeError'
  readonly issues: readonly SchemeProblem[]

  /**
   * `subject` names what was being defined (`CronTab.example.com`, `fieldMoves v1 → v2`); one
   * issue follows it on the same line unless `list` is set, several are listed below it. Without
   * a subject, the issues' messages name it.
   */
  constructor(
    subject: string | undefined,
    issues: readonly [SchemeProblem, ...SchemeProblem[]],
    { list = false }: { readonly list?: boolean } = {}
  ) {
    const [first] = issues
    super(
      first.code,
      issues.length === 1 && !list
        ? [subject, first.message].filter((part) => part !== undefined).join(': ')
        : `${subject ?? 'the scheme'}:\n  - ${issues.map((issue) => issue.message).join('\n  - ')}`
    )
    this.issues = issues
  }
}
