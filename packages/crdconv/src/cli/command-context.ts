import type { CliIo } from '../command-io/index.ts'

/** What a command writes and reads, and what its action reports back: its exit code. */
export interface CommandContext {
  /** Messages and reports: path tokens redacted. */
  readonly io: CliIo
  /**
   * Stdout unchanged, for documents printed as data (manifests, reviews): a CRD's webhook URL
   * holds the token on purpose, and an object's own text must not change.
   */
  readonly printDocument: (text: string) => void
  exitCode: number
}
