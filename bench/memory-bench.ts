import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { bundleForNode, execFileAsync, lastJsonLine, repoRoot } from './bench-support.ts'
import { cronTabReviewBody } from './crontab-review.ts'

export const HEAP_LIMIT_MIB = 128

export interface MemoryRun {
  readonly objects: number
  readonly converted: boolean
  readonly bodyBytes?: number
  /** Heap live while the body, the parsed request, the answer and its text are all held. */
  readonly heapHeldBytes?: number
  readonly maxRssBytes?: number
}

export interface MemoryResult {
  readonly heapLimitMiB: number
  readonly tenThousand: MemoryRun
  /** The largest CronTab review found to convert within the heap limit, to about 2%. */
  readonly largest: MemoryRun
  readonly smallestFailing: number
}

/**
 * Converts reviews in child processes started with `--max-old-space-size=128` (the Lambda and
 * Workers memory size): one of 10,000 objects, then a search for the largest that converts.
 */
export async function benchMemory(workDir: string): Promise<MemoryResult> {
  const child = join(workDir, 'memory-child.mjs')
  await bundleForNode(join(repoRoot, 'bench/children/memory-child.ts'), child)
  const attempt = async (objects: number): Promise<MemoryRun> => {
    const bodyFile = join(workDir, 'memory-body.json')
    writeFileSync(bodyFile, cronTabReviewBody(objects))
    try {
      const { stdout } = await execFileAsync(process.execPath, [
        '--expose-gc',
        `--max-old-space-size=${HEAP_LIMIT_MIB}`,
        child,
        bodyFile,
      ])
      return { objects, ...lastJsonLine<Omit<MemoryRun, 'objects'>>(stdout) }
    } catch {
      // out of heap: V8 aborts the process
      return { objects, converted: false }
    }
  }
  const tenThousand = await attempt(10_000)
  let largest = tenThousand.converted ? tenThousand : await attempt(1_000)
  let failing = largest.objects * 2
  for (let run = await attempt(failing); run.converted; run = await attempt(failing)) {
    largest = run
    failing *= 2
  }
  while (failing - largest.objects > largest.objects / 50) {
    const middle = Math.round((largest.objects + failing) / 2)
    const run = await attempt(middle)
    if (run.converted) largest = run
    else failing = middle
  }
  return { heapLimitMiB: HEAP_LIMIT_MIB, tenThousand, largest, smallestFailing: failing }
}
