import type { ConversionFailureCode } from '../scheme/index.ts'

/** Why objects of a review failed: what the metrics count failures by. */
export type FailureReason = 'converter_error' | 'answer_refused' | 'limit'

/**
 * The metrics' reason for each failure code: a limit of the review or of the stash (nothing
 * lost, the versions or the request are too big), an answer the API server would refuse, or
 * else the conversion itself (a converter's refusal or fault, an object or version it cannot take).
 */
export const FAILURE_REASON_OF_CODE: Readonly<Record<ConversionFailureCode, FailureReason>> = {
  'not-an-object': 'converter_error',
  'no-api-version': 'converter_error',
  'no-kind': 'converter_error',
  'desired-api-version-invalid': 'converter_error',
  'kind-not-served': 'converter_error',
  'group-changed': 'converter_error',
  'desired-version-unknown': 'converter_error',
  'source-version-unknown': 'converter_error',
  'converter-refused': 'converter_error',
  'stash-too-large': 'limit',
  'converter-threw': 'converter_error',
  'converter-returned-non-object': 'converter_error',
  'converter-answer-unreadable': 'converter_error',
  'answer-refused': 'answer_refused',
  'too-deep': 'limit',
}
