// The line `crdconv dev` prints for each review its webhook answers: what converted, never an
// object's contents.
import type { ReviewLogEntry } from '@crdconv/webhook/http'
import { countOf } from '../command-io/index.ts'

/**
 * One review as a short line: `review: 1 CronTab v1beta1 → v1, Success (2.1 ms)`; a refused or
 * invalid request says its outcome and status.
 *
 * @example
 * ```ts
 * await nodeServer(scheme, { log: (entry) => console.error(reviewLine(entry)) })
 * ```
 */
export function reviewLine(entry: ReviewLogEntry): string {
  const took = `(${entry.durationMs.toFixed(1)} ms)`
  const conversions = (entry.conversions ?? []).map(
    ({ kind, from, to, count }) => `${count} ${kind} ${from} → ${to}`
  )
  if (conversions.length === 0) {
    const count = entry.objectCount === undefined ? '' : ` ${countOf(entry.objectCount, 'object')},`
    return `review:${count} ${entry.outcome}, HTTP ${entry.status}${entry.problem === undefined ? '' : `: ${entry.problem}`} ${took}`
  }
  const failed = entry.failedCount ? ` (${entry.failedCount} failed)` : ''
  return `review: ${conversions.join(', ')}, ${entry.outcome}${failed} ${took}`
}
