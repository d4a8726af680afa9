import { describeProblem, type ConversionProblem } from './convert-checked.ts'

/** One object of a review that could not be converted, at its position in `request.objects`. */
export interface ObjectFailure extends ConversionProblem {
  readonly index: number
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
  const describe = (failure: ObjectFailure) =>
    `${objectCount > 1 ? `[${failure.index}] ` : ''}${describeProblem(failure)}`
  if (failures.length === 1 && objectCount === 1) {
    // capped too: it may echo what the client sent (a 5 MB kind made a 10 MB answer)
    return capped(describe(failures[0] as ObjectFailure))
  }
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

function capped(message: string): string {
  return message.length <= MAX_MESSAGE_LENGTH ? message : `${message.slice(0, MAX_MESSAGE_LENGTH)}…`
}
