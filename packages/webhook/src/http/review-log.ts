import type { ReviewSummary } from '../review/index.ts'

/** One structured line per request to /convert: identifiers, versions, counts, timing. Never object contents. */
export interface ReviewLogEntry {
  readonly message: 'conversion review'
  readonly status: number
  readonly outcome: ReviewSummary['outcome'] | 'Invalid' | 'Aborted' | 'Refused'
  /** Milliseconds, to the microsecond. */
  readonly durationMs: number
  readonly uid?: string
  readonly reviewVersion?: string
  readonly desiredAPIVersion?: string
  readonly objectCount?: number
  readonly failedCount?: number
  readonly conversions?: ReviewSummary['conversions']
  /** How many more (kind, from) pairs the review held beyond the ones listed. */
  readonly conversionsNotListed?: number
  /** For invalid requests: what was wrong with the envelope (zod paths, no values). */
  readonly problem?: string
  /** For refused requests: how many were refused for this reason since the last such line. */
  readonly refusedCount?: number
}

export type ReviewLogger = (entry: ReviewLogEntry) => void

/**
 * A logger that writes each entry as one line of JSON through `writeLine`: how a platform entry
 * sends the lines somewhere cheaper than `console.log`.
 *
 * @example
 * ```ts
 * const log = logJsonLinesTo((line) => lines.push(line))
 * ```
 */
export function logJsonLinesTo(writeLine: (line: string) => void): ReviewLogger {
  return (entry) => writeLine(JSON.stringify(entry))
}

/** Writes each entry as one JSON line on stdout, which Workers, Lambda and containers all collect. */
export const logAsJsonLine: ReviewLogger = logJsonLinesTo((line) => {
  // eslint-disable-next-line no-console -- the one log line per review is this module's job
  console.log(line)
})

// strings here come from the client: bound them so a hostile review cannot flood the log
const MAX_LOGGED_CONVERSIONS = 20
const MAX_LOGGED_STRING = 128

export function summaryLogEntry(summary: ReviewSummary, durationMs: number): ReviewLogEntry {
  const listed = summary.conversions.slice(0, MAX_LOGGED_CONVERSIONS)
  const notListed = summary.conversions.length - listed.length
  return {
    message: 'conversion review',
    status: 200,
    outcome: summary.outcome,
    durationMs: toMicroseconds(durationMs),
    uid: bounded(summary.uid),
    reviewVersion: summary.reviewVersion,
    desiredAPIVersion: bounded(summary.desiredAPIVersion),
    objectCount: summary.objectCount,
    failedCount: summary.failedCount,
    conversions: listed.map(({ kind, from, to, count }) => ({
      kind: bounded(kind),
      from: bounded(from),
      to: bounded(to),
      count,
    })),
    ...(notListed > 0 ? { conversionsNotListed: notListed } : {}),
  }
}

// a whole double's digits say nothing more, and cost more to write than the rest of the line
function toMicroseconds(milliseconds: number): number {
  return Math.round(milliseconds * 1000) / 1000
}

function bounded(text: string): string {
  return text.length <= MAX_LOGGED_STRING ? text : `${text.slice(0, MAX_LOGGED_STRING)}…`
}

/** The line for a request that is not a ConversionReview: what was wrong, never the body. */
export function invalidLogEntry(problem: string, durationMs: number): ReviewLogEntry {
  return {
    message: 'conversion review',
    status: 400,
    outcome: 'Invalid',
    durationMs: toMicroseconds(durationMs),
    problem: problem.slice(0, 500),
  }
}

/**
 * The line for a request whose client went away mid-body (an API server that timed out, a reset):
 * an ordinary outcome, logged with the others, not an internal error with a stack.
 */
export function abortedLogEntry(reason: string, durationMs: number): ReviewLogEntry {
  return {
    message: 'conversion review',
    status: 400,
    outcome: 'Aborted',
    durationMs: toMicroseconds(durationMs),
    problem: `the client closed the connection before the body ended (${reason.slice(0, 64)})`,
  }
}
