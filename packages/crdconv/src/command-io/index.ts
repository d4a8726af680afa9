/** What every command reads, writes and refuses, below the CLI and the domains: io, input files, the project's settings, usage errors, tables, wording, manifests. */
export {
  describeError,
  EXIT,
  processIo,
  readCaBundle,
  readInput,
  warn,
  type CliIo,
} from './command-io.ts'
export {
  documentValue,
  formatObjects,
  parseManifests,
  type OutputFormat,
  type ParsedManifests,
} from './manifest-format.ts'
export { projectSettings, type ProjectSettings } from './project-settings.ts'
export { formatTable } from './text-table.ts'
export { countOf, shellWord } from './wording.ts'
export { yamlErrorAt } from './yaml-error.ts'
export {
  LOCAL_DEV_CONTEXT,
  suggestedCommands,
  type CommandSelection,
  type SuggestedCommands,
} from './suggested-commands.ts'
export { UsageError, type UsageProblemCode } from './usage-error.ts'
export { USAGE_ERROR_CODES, type UsageErrorCode } from './usage-error-codes.ts'
