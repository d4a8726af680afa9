/** One object that could not be converted, with everything a message must name. */
export interface ObjectFailure {
  readonly index: number
  readonly kind: string
  /** `namespace/name` or `name`. */
  readonly object: string
  readonly from: string
  readonly reason: string
  readonly field?: string
}

const MAX_LISTED_FAILURES = 10
const MAX_MESSAGE_LENGTH = 4096

/**
 * The `result.message` of a failed review: every failing object with its name, versions, field
 * and reason, capped so the API server's error for `kubectl` stays readable.
 */
export function formatFailureMessage(
  failures: readonly ObjectFailure[],
  objectCount: number,
  desiredAPIVersion: string
): string {
  const describe = (failure: ObjectFailure) => {
    const field = failure.field === undefined ? '' : ` (field ${failure.field})`
    const index = objectCount > 1 ? `[${failure.index}] ` : ''
    return `${index}${failure.kind} ${failure.object}, ${failure.from} → ${desiredAPIVersion}: ${failure.reason}${field}`
  }
  if (failures.length === 1 && objectCount === 1) return describe(failures[0] as ObjectFailure)
  let message = `${failures.length} of ${objectCount} objects could not be converted to ${desiredAPIVersion}: `
  let listed = 0
  for (const failure of failures) {
    const part = (listed === 0 ? '' : '; ') + describe(failure)
    if (listed === MAX_LISTED_FAILURES || message.length + part.length > MAX_MESSAGE_LENGTH) break
    message += part
    listed++
  }
  if (listed === 0) message += describe(failures[0] as ObjectFailure).slice(0, MAX_MESSAGE_LENGTH)
  const rest = failures.length - Math.max(listed, 1)
  return rest > 0 ? `${message}; … and ${rest} more` : message
}
