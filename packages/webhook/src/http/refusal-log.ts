// Requests refused before any review (a wrong or missing path token, /convert closed for want of
// one) are counted and logged, at most one line per reason a minute: a flood cannot flood the log.
import type { ReviewLogger } from './review-log.ts'

/** The shortest time between two log lines for the same reason. */
export const REFUSAL_LOG_INTERVAL_MS = 60_000

interface Tally {
  /** Refusals not yet in a log line. */
  unlogged: number
  lastLoggedAt: number
}

/**
 * Counts refusals by reason and logs the first at once, then at most one line per
 * `REFUSAL_LOG_INTERVAL_MS` carrying how many came since the line before. The reason is a fixed
 * text: never the path, the token or anything else the client sent.
 *
 * @example
 * ```ts
 * const refusals = refusalLog(logAsJsonLine)
 * refusals(404, 'wrong or missing path token')
 * ```
 */
export function refusalLog(
  log: ReviewLogger,
  now: () => number = Date.now
): (status: number, reason: string) => void {
  const tallies = new Map<string, Tally>()
  return (status, reason) => {
    const time = now()
    let tally = tallies.get(reason)
    if (tally === undefined) {
      tally = { unlogged: 0, lastLoggedAt: -Infinity }
      tallies.set(reason, tally)
    }
    tally.unlogged++
    if (time - tally.lastLoggedAt < REFUSAL_LOG_INTERVAL_MS) return
    log({
      message: 'conversion review',
      status,
      outcome: 'Refused',
      durationMs: 0,
      problem: reason,
      refusedCount: tally.unlogged,
    })
    tally.unlogged = 0
    tally.lastLoggedAt = time
  }
}
