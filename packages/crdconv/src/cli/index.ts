/** The CLI's shared edge that the command folders use: its io, usage errors, cluster options, manifests, tables. */
export {
  addClusterOptions,
  asUsageErrors,
  connectWith,
  type ClusterOptions,
} from './cluster-options.ts'
export { UsageError, type CliIo, type UsageProblemCode } from './cli-io.ts'
export { USAGE_ERROR_CODES, type UsageErrorCode } from './usage-error-codes.ts'
export {
  documentValue,
  formatObjects,
  type OutputFormat,
  type ParsedManifests,
} from './manifest-format.ts'
export { formatTable } from './text-table.ts'
export { descriptionsModule } from './load-scheme.ts'
