/** The CLI's shared edge that the command folders use: usage errors, cluster options, manifests. */
export {
  addClusterOptions,
  asUsageErrors,
  connectWith,
  type ClusterOptions,
} from './cluster-options.ts'
export { UsageError, type UsageProblemCode } from './cli-io.ts'
export { USAGE_ERROR_CODES, type UsageErrorCode } from './usage-error-codes.ts'
export {
  documentValue,
  formatObjects,
  type OutputFormat,
  type ParsedManifests,
} from './manifest-format.ts'
