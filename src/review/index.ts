export {
  checkConversionAnswer,
  checkConvertedObject,
  type AnswerViolation,
} from './answer-check.ts'
export {
  ConversionReviewRequest,
  REVIEW_API_VERSIONS,
  type ConversionResult,
  type ConversionReviewResponse,
  type ReviewApiVersion,
} from './conversion-review-schema.ts'
export { formatFailureMessage, type ObjectFailure } from './failure-message.ts'
export {
  reviewConversion,
  type ConversionCount,
  type InvalidReview,
  type ReviewOutcome,
  type ReviewSummary,
} from './review-conversion.ts'
