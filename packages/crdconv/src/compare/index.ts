/** `crdconv compare`: the same ConversionReviews sent to a running webhook and to the scheme, the answers compared by field path. */
export {
  answerDifferences,
  type DifferenceKind,
  type FieldDifference,
} from './answer-differences.ts'
export { isZeroValue, typedEquality, type TypedEquality } from './go-typed-equality.ts'
export {
  objectsToCompare,
  type ComparedObject,
  type GeneratingKit,
  type ObjectSelection,
  type ObjectSource,
} from './compared-objects.ts'
export {
  compareAnswers,
  type CompareOptions,
  type ObjectComparison,
  type PlannedObject,
  type PostReview,
} from './compare-answers.ts'
export {
  COMPARE_DIFFERENCE_CODES,
  compareReport,
  describeCompareReport,
  type CompareDifferenceCode,
  type CompareReport,
  type DifferenceGroup,
} from './compare-report.ts'
export { planComparison } from './plan-comparison.ts'
export { webhookPoster, type WebhookTarget } from './webhook-poster.ts'
