/** The round-trip kit: objects generated from each version's schema, converted A → B → A.
 * @module
 */
export { deepFreeze } from './deep-freeze.ts'
export { describeDifference, jsonDifferences, type JsonDifference } from '@crdconv/webhook/json'
export {
  arbitraryFromJsonSchema,
  declaredPropertyNames,
  type JsonSchema,
  type JsonSchemaArbitraryOptions,
} from './json-schema-arbitrary.ts'
export { DEFAULT_LEAF_BUDGET } from './generation-budget.ts'
export { notableValues } from './notable-values.ts'
export {
  arbitraryObjectAt,
  versionJsonSchema,
  type ObjectArbitraryOptions,
} from './object-arbitrary.ts'
export { pruneUnknownFields } from './prune-unknown-fields.ts'
export { storedByApiServer } from './api-server-storage.ts'
export {
  apiServerRewrites,
  describeRewrite,
  type ApiServerRewrite,
  type RewriteScene,
} from './api-server-rewrites.ts'
export { roundTripDifferences, type RoundTripComparisonOptions } from './round-trip-comparison.ts'
export {
  DEFAULT_ENTRY_RUNS,
  expectRoundTripsThrough,
  type EntryRoundTripOptions,
  type SendReview,
} from './entry-round-trips.ts'
export {
  checkLosslessRoundTrips,
  DEFAULT_NUM_RUNS,
  expectLosslessRoundTrips,
  type RoundTripOptions,
} from './round-trip-check.ts'
export {
  ROUND_TRIP_FAILURE_CODES,
  RoundTripError,
  type RoundTripCheck,
  type RoundTripFailure,
  type RoundTripFailureCode,
  type RoundTripReport,
} from './round-trip-report.ts'
export {
  DEFAULT_COVERAGE_RUNS,
  SOURCE_OUTCOMES,
  TARGET_OUTCOMES,
  type CoverageOptions,
  type CoverageReport,
  type PairCoverage,
  type SourceFieldCoverage,
  type TargetFieldCoverage,
} from './coverage-report.ts'
export { conversionCoverage } from './conversion-coverage.ts'
export {
  convertedAnswers,
  type ConvertedAnswer,
  type ConvertedAnswerOptions,
} from './converted-answers.ts'
export { opaqueSubtreeReach, type OpaqueSubtreeReach } from './opaque-reach.ts'
export {
  coverageOfResources,
  type CoverageSelection,
  type ResourcesCoverage,
} from './resources-coverage.ts'
export { seedObjects, type SeedObject, type SeedSources } from './seed-objects.ts'
export {
  COVERAGE_FINDING_CODES,
  coverageFindings,
  type CoverageFinding,
  type CoverageFindingCode,
  type CoverageFindings,
} from './coverage-findings.ts'
