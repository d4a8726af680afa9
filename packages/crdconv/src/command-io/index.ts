/** What every command reads, writes and refuses, below the CLI and the domains: io, input and token files, the project's settings, usage errors, tables, wording, manifests. */
export {
  describeError,
  EXIT,
  processIo,
  readCaBundle,
  readInput,
  redactingIo,
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
export { allOf, countOf, nounFor, shellWord } from './wording.ts'
export {
  suggestedCommands,
  type CommandSelection,
  type SuggestedCommands,
} from './suggested-commands.ts'
export { readTokenFile, tokensInFile } from './token-file.ts'
export { UsageError, type UsageProblemCode } from './usage-error.ts'
export { USAGE_ERROR_CODES, type UsageErrorCode } from './usage-error-codes.ts'
