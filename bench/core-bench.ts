import { join } from 'node:path'
import {
  bundleForNode,
  execFileAsync,
  lastJsonLine,
  median,
  repoRoot,
  round,
} from './bench-support.ts'
import { orderOfRound } from './take-turns.ts'

export interface CoreResult {
  readonly objects: number
  readonly bodyBytes: number
  /** How many calls of each were timed. */
  readonly calls: number
  /** CPU µs per call of `JSON.stringify(JSON.parse(body))`: the floor. */
  readonly floorMicros: number
  /** CPU µs per review: parse, envelope check, convert, answer check, serialize. */
  readonly reviewMicros: number
  readonly ratio: number
}

export const CORE_SIZES = [1, 100, 1000, 10_000] as const

/**
 * From this size on, floor and review each run in processes of their own (alternating, median of
 * three each): the review's garbage outlives the young generation, and in a shared heap its
 * collection landed in the floor's time or its own by chance (1.3× to 1.7× from run to run).
 */
const SEPARATE_HEAPS_FROM = 10_000
const SEPARATE_HEAP_PASSES = 3

/**
 * A larger young generation for the largest review: informational, beside the default figure.
 * At 10,000 objects the review's extra cost is mostly scavenges that copy the still-young
 * parsed request; room for it in the young generation removes most of them.
 */
export const TUNED_FLAG = '--max-semi-space-size=32'

/** CPU time per review beside the JSON floor, each size in a fresh Node process. */
export async function benchCore(
  workDir: string
): Promise<{ sizes: CoreResult[]; tuned: CoreResult & { readonly nodeFlag: string } }> {
  const child = join(workDir, 'core-child.mjs')
  await bundleForNode(join(repoRoot, 'bench/children/core-child.ts'), child)
  type Measured = Omit<CoreResult, 'ratio'>
  const run = async (objects: number, nodeFlags: string[], side: string[] = []) => {
    const args = [...nodeFlags, child, String(objects), '2.5', ...side]
    return lastJsonLine<Measured>((await execFileAsync(process.execPath, args)).stdout)
  }
  const result = (measured: Measured): CoreResult => ({
    ...measured,
    floorMicros: round(measured.floorMicros, 1),
    reviewMicros: round(measured.reviewMicros, 1),
    ratio: round(measured.reviewMicros / measured.floorMicros),
  })
  // one process per size: a 10,000-object heap does not slow the 1-object figures
  const measure = async (objects: number, nodeFlags: string[] = []): Promise<CoreResult> => {
    if (objects < SEPARATE_HEAPS_FROM) return result(await run(objects, nodeFlags))
    const floors: number[] = []
    const reviews: Measured[] = []
    for (let pass = 0; pass < SEPARATE_HEAP_PASSES; pass++) {
      for (const side of orderOfRound(['floor', 'review'], pass)) {
        const measured = await run(objects, nodeFlags, [side])
        if (side === 'floor') floors.push(measured.floorMicros)
        else reviews.push(measured)
      }
    }
    return result({
      objects,
      bodyBytes: reviews[0]?.bodyBytes ?? 0,
      calls: reviews.reduce((sum, one) => sum + one.calls, 0),
      floorMicros: median(floors),
      reviewMicros: median(reviews.map((one) => one.reviewMicros)),
    })
  }
  const sizes: CoreResult[] = []
  for (const objects of CORE_SIZES) sizes.push(await measure(objects))
  const tuned = { ...(await measure(10_000, [TUNED_FLAG])), nodeFlag: TUNED_FLAG }
  return { sizes, tuned }
}
