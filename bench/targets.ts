import { gzipSync } from 'node:zlib'
import { printTable } from './bench-support.ts'

/** One target of `npm run bench`: what was measured beside its limit. */
export interface Target {
  readonly name: string
  readonly measured: string
  readonly limit: string
  readonly pass: boolean
}

/** The targets as a table with PASS or MISS, then one `MISS:` line for each missed. */
export function printTargets(title: string, targets: readonly Target[]): void {
  printTable(
    title,
    ['target', 'measured', 'limit', ''],
    targets.map((target) => [
      target.name,
      target.measured,
      target.limit,
      target.pass ? 'PASS' : 'MISS',
    ])
  )
  for (const target of targets.filter((one) => !one.pass)) {
    console.log(`MISS: ${target.name}: ${target.measured}, limit ${target.limit}`)
  }
}

/** The core target at one size: 3× the JSON floor for one object, 1.5× from 100 on. */
export function coreTarget(objects: number, ratio: number): Target {
  const limit = objects === 1 ? 3 : 1.5
  return {
    name: `core, ${objects.toLocaleString('en')} object${objects === 1 ? '' : 's'}`,
    measured: `${ratio.toFixed(2)}× JSON floor`,
    limit: `≤ ${limit}×`,
    pass: ratio <= limit,
  }
}

/** The Lambda cold start beside a bare hono/aws-lambda handler's: 1.3× at most. */
export function coldStartTarget(ratio: number): Target {
  return {
    name: 'Lambda cold start (module load + first invocation)',
    measured: `${ratio.toFixed(2)}× bare handler CPU`,
    limit: '≤ 1.3×',
    pass: ratio <= 1.3,
  }
}

const KiB = 1024

/**
 * What the deployed code may weigh. `npm run bench` reports each as a target, and a test fails
 * the day one is crossed: test/node/package/runtime-tarball.test.ts, the consumer test (a
 * `crdconv init` project's Worker) and test/node/lambda/lambda-bundle.test.ts.
 */
export const SIZE_CEILINGS = {
  /**
   * `npm pack` of @crdconv/webhook, unpacked: its dist/, package.json, readme and licence
   * (224.5 KiB once the round-trip kit and the CRD generator moved to the tooling; 259.4 KiB with
   * Crossplane's XRDs (`defineXrd`, Crossplane's field schemas), annotation places in field moves,
   * the CRD's own labels and annotations, coded scheme problems and `converter`: declarations
   * and code an author imports, none of it on a review's path; 277.7 KiB with the stash's zod
   * schema and its typed hooks, `scheme/` in `moves/` and `stash/` folders with their indexes,
   * `checkDefinitions` and the tooling's own `/scheme` entry, while the Worker a project uploads
   * shrank to 29.8 KiB gzipped, the definition checks out of it).
   */
  runtimePackageBytes: 288 * KiB,
  /** The Worker a `crdconv init` project uploads (`wrangler deploy`, minified), gzipped. */
  scaffoldWorkerGzipBytes: 64 * KiB,
  /** The Lambda bundle as `sam build` makes it from template.yaml, gzipped. */
  lambdaGzipBytes: 48 * KiB,
} as const

/** Bytes of `content` gzipped at level 9, how every gzipped size here is weighed. */
export function gzippedBytes(content: Uint8Array): number {
  return gzipSync(content, { level: 9 }).length
}
