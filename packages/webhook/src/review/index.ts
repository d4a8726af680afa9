/** The ConversionReview: envelope, limits, per-object conversion, the answer checked against the API server.
 * @module
 */
export {
  answerReview,
  type AnswerReviewOptions,
  type ReviewAnswer,
  type ReviewPhase,
} from './answer-review.ts'
export {
  ANSWER_RULE_CODES,
  checkConversionAnswer,
  checkConvertedObject,
  type AnswerRule,
  type AnswerRuleCode,
  type AnswerViolation,
} from './answer-check.ts'
export {
  readReviewEnvelope,
  type ConversionReviewRequest,
  type EnvelopeIssue,
  type EnvelopeReading,
  REVIEW_API_VERSIONS,
  type ConversionResult,
  type ConversionReviewResponse,
  type ReviewApiVersion,
} from './conversion-review-schema.ts'
export {
  convertChecked,
  describeProblem,
  type CheckedConversion,
  type ConversionProblem,
} from './convert-checked.ts'
export { formatFailureMessage, type ObjectFailure } from './failure-message.ts'
export { FAILURE_REASON_OF_CODE, type FailureReason } from './failure-reasons.ts'
export {
  reviewConversion,
  type ConversionCount,
  type FailureCount,
  type InvalidReview,
  type ReviewOutcome,
  type ReviewSummary,
} from './review-conversion.ts'
export {
  DEFAULT_MAX_DEPTH,
  DEFAULT_MAX_OBJECTS,
  DEFAULT_REVIEW_LIMITS,
  limitAdvice,
  nestingDepthExceeds,
  type LimitAdvice,
  type ReviewLimits,
} from './review-limits.ts'
