// The one place that hides path tokens: every message the CLI prints goes through it, so a token
// in a URL (the user's, the CRD's, or one the API server quotes in an error) never reaches a
// terminal, a CI log or a bug report.
import type { CliIo } from '../command-io/index.ts'

/** What a token is replaced with. */
export const REDACTED_TOKEN = '<redacted>'

// a path segment after /convert/: the token's alphabet, and %-escapes of anything else
const TOKEN_SEGMENT = /(\/convert\/)[A-Za-z0-9._~%-]+/g

/**
 * `text` with the segment after every `/convert/` replaced by `<redacted>`.
 *
 * @example
 * ```ts
 * redactPathTokens('Post "https://x.example/convert/0123…?timeout=30s": EOF')
 * // 'Post "https://x.example/convert/<redacted>?timeout=30s": EOF'
 * ```
 */
export function redactPathTokens(text: string): string {
  return text.replace(TOKEN_SEGMENT, `$1${REDACTED_TOKEN}`)
}

/** `io` with every path token in what it prints replaced by `<redacted>`. */
export function redactingIo(io: CliIo): CliIo {
  return {
    ...io,
    stdout: (text) => io.stdout(redactPathTokens(text)),
    stderr: (text) => io.stderr(redactPathTokens(text)),
  }
}
