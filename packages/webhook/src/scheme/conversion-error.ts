/**
 * Thrown by a converter to fail a conversion with a message for the person reading
 * `kubectl get`: the API server shows it verbatim inside its HTTP 500.
 *
 * @example
 * ```ts
 * throw new ConversionError('hostPort could not be parsed into a separate host and port', {
 *   field: 'hostPort',
 * })
 * ```
 */
export class ConversionError extends Error {
  override readonly name = 'ConversionError'
  /** Dotted path of the field at fault, when there is one. */
  readonly field: string | undefined

  constructor(message: string, options: { field?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.field = options.field
  }
}

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
  readonly code = 'stash-too-large'
}

/**
 * Whether `error` is the stash's own refusal: by its `code`, so also across bundles, where a
 * copy's error is no `instanceof` this one's.
 */
export function isStashTooLarge(error: unknown): boolean {
  return isConversionError(error) && (error as { code?: unknown }).code === 'stash-too-large'
}

/** Thrown while a scheme is built: a definition mistake that must stop the deploy, not a request. */
export class SchemeError extends Error {
  override readonly name = 'SchemeError'
}
