// Where the walk from an empty folder (test/node/package/scaffold-walk.test.ts) leaves the time
// of each of its steps, one file per Node major version, for `npm run bench:walk` to gather.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

const repoRoot = resolve(import.meta.dirname, '../..')

/** Beside the build stamps, outside version control: written by the test, read by the bench. */
export const WALK_TIMES_DIR = join(repoRoot, 'node_modules', '.cache', 'crdconv-walk')

/** One step of the walk: its seconds, or why it did not run here. */
export type WalkStepTime =
  | { readonly step: string; readonly seconds: number }
  | { readonly step: string; readonly skipped: string }

/** The walk on one Node version. */
export interface WalkTimes {
  readonly node: string
  readonly date: string
  readonly steps: readonly WalkStepTime[]
}

/** Writes the walk's times on this Node to its own file. */
export function writeWalkTimes(times: WalkTimes): void {
  mkdirSync(WALK_TIMES_DIR, { recursive: true })
  const major = times.node.replace(/^v/, '').split('.')[0]
  writeFileSync(join(WALK_TIMES_DIR, `node-${major}.json`), `${JSON.stringify(times, null, 2)}\n`)
}

/** Every walk's times written so far, by Node major version (`node-20`, …). */
export function readWalkTimes(): Record<string, WalkTimes> {
  if (!existsSync(WALK_TIMES_DIR)) return {}
  return Object.fromEntries(
    readdirSync(WALK_TIMES_DIR)
      .filter((file) => /^node-\d+\.json$/.test(file))
      .sort()
      .map((file) => [
        file.replace(/\.json$/, ''),
        JSON.parse(readFileSync(join(WALK_TIMES_DIR, file), 'utf8')) as WalkTimes,
      ])
  )
}
