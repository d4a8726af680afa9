// Pools as clients read them, through one webhook and then the other, compared as `crdconv compare`
// compares answers: what differs only as Go's typed decoding writes it is the same to the API
// server, and the Go webhook's state annotation is the same state where it gives back the same
// spec.paused.
import {
  answerDifferences,
  REAL_DIFFERENCES,
} from '../../../packages/crdconv/src/compare/answer-differences.ts'
import { stashAnnotationKey } from '../../../packages/webhook/src/scheme/index.ts'
import { pool, POOL_CONVERSION_DATA } from '../../../examples/pool/index.ts'
import type { PoolRead } from './pool-takeover-cluster.ts'

/** Each Pool read at each version, by `NAME at VERSION`. */
export type PoolReads = Readonly<Record<string, PoolRead>>

const STATE = new Set([stashAnnotationKey(pool.group), POOL_CONVERSION_DATA])
const PLACES = pool.converters.flatMap((converter) => converter.annotationPlaces ?? [])

/**
 * Where `after` and `before` differ for a client, one line each (`NAME at VERSION PATH: KIND`):
 * a read only one side has, a field one side drops, a value, a state annotation holding other
 * state. Empty when every object reads the same.
 */
export function readsDiffer(after: PoolReads, before: PoolReads): string[] {
  const keys = [...new Set([...Object.keys(after), ...Object.keys(before)])].sort()
  return keys.flatMap((key) => {
    const [left, right] = [after[key], before[key]]
    if (left === undefined || right === undefined) {
      return [`${key}: read ${left === undefined ? 'before' : 'after'} the switch only`]
    }
    return answerDifferences(left, right, STATE, PLACES)
      .filter((difference) => REAL_DIFFERENCES.has(difference.kind) || difference.kind === 'state')
      .map(
        ({ kind, path, crdconv, webhook }) =>
          `${key} ${path}: ${kind} (${JSON.stringify(crdconv)} after, ${JSON.stringify(webhook)} before)`
      )
  })
}
