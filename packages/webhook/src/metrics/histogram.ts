import { DURATION_BUCKETS } from './metric-catalog.ts'

/** A Prometheus histogram over `DURATION_BUCKETS`: counts per bucket (not cumulative), then +Inf. */
export interface Histogram {
  readonly counts: number[]
  sum: number
  count: number
}

export function emptyHistogram(): Histogram {
  return { counts: new Array<number>(DURATION_BUCKETS.length + 1).fill(0), sum: 0, count: 0 }
}

export function observe(histogram: Histogram, seconds: number): void {
  let bucket = 0
  while (bucket < DURATION_BUCKETS.length && seconds > (DURATION_BUCKETS[bucket] as number))
    bucket++
  histogram.counts[bucket] = (histogram.counts[bucket] as number) + 1
  histogram.sum += seconds
  histogram.count++
}

/** The cumulative count at each bucket's upper bound, `+Inf` last: the `_bucket` series. */
export function cumulativeBuckets(histogram: Histogram): { le: string; count: number }[] {
  let running = 0
  return histogram.counts.map((count, index) => {
    running += count
    const bound = DURATION_BUCKETS[index]
    return { le: bound === undefined ? '+Inf' : String(bound), count: running }
  })
}
