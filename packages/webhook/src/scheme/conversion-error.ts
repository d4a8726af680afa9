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

/** Thrown while a scheme is built: a definition mistake that must stop the deploy, not a request. */
export class SchemeError extends Error {
  override readonly name = 'SchemeError'
}
