import { join } from 'node:path'
import { bundleForNode, execFileAsync, lastJsonLine, repoRoot, round } from './bench-support.ts'

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
  // one process per size: a 10,000-object heap does not slow the 1-object figures
  const measure = async (objects: number, nodeFlags: string[] = []): Promise<CoreResult> => {
    const { stdout } = await execFileAsync(process.execPath, [
      ...nodeFlags,
      child,
      String(objects),
      '2.5',
    ])
    const measured = lastJsonLine<Omit<CoreResult, 'ratio'>>(stdout)
    return {
      ...measured,
      floorMicros: round(measured.floorMicros, 1),
      reviewMicros: round(measured.reviewMicros, 1),
      ratio: round(measured.reviewMicros / measured.floorMicros),
    }
  }
  const sizes: CoreResult[] = []
  for (const objects of CORE_SIZES) sizes.push(await measure(objects))
  const tuned = { ...(await measure(10_000, [TUNED_FLAG])), nodeFlag: TUNED_FLAG }
  return { sizes, tuned }
}
