import type { Problem, ProblemCode } from './problem.ts'

/**
 * Why one object did not convert: the machine-readable half of a {@link ConversionFailure}. The
 * scheme finds the first thirteen: `converter-refused` is a `ConversionError` a converter threw,
 * `stash-too-large` the stash's own refusal, when what the conversion must keep would not fit it
 * (a limit of the two versions, nothing lost). The review adds `answer-refused` (the converter
 * answered, but the API server would refuse the answer) and `too-deep` (the answer nests past
 * the limit).
 */
export const CONVERSION_FAILURE_CODES = [
  'not-an-object',
  'no-api-version',
  'no-kind',
  'desired-api-version-invalid',
  'kind-not-served',
  'group-changed',
  'desired-version-unknown',
  'source-version-unknown',
  'converter-refused',
  'stash-too-large',
  'converter-threw',
  'converter-returned-non-object',
  'converter-answer-unreadable',
  'answer-refused',
  'too-deep',
] as const

export type ConversionFailureCode = ProblemCode<typeof CONVERSION_FAILURE_CODES>

/**
 * Why one object could not be converted; `path` names the offending field when known. The
 * review formats it, with the object and the versions, into `response.result.message`.
 *
 * @example
 * ```ts
 * const result = scheme.convert(object, 'example.com/v1')
 * if (!result.ok && result.failure.code === 'converter-refused') console.error(result.failure.message)
 * ```
 */
export type ConversionFailure = Problem<ConversionFailureCode>
