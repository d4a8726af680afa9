// Which code bench/results.json describes: a hash of the runtime sources, the examples it serves
// and the versions of hono and zod, recorded by `npm run bench` and compared by the docs test, so
// that figures older than the code they describe fail `npm test`.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'

/** What the figures measure: the runtime package (sources and manifest) and the examples. */
const MEASURED = ['packages/webhook/src', 'packages/webhook/package.json', 'examples']
/** Examples no figure serves or converts: the Pool is the takeover guide's, beside its Go webhook. */
const NOT_MEASURED = new Set(['examples/pool'])
/** The runtime's own dependencies, as the lockfile pins them. */
const DEPENDENCIES = ['hono', 'zod']

function filesUnder(root: string, path: string): string[] {
  const full = join(root, path)
  let entries
  try {
    entries = readdirSync(full, { withFileTypes: true })
  } catch {
    return [path] // a file
  }
  return entries.flatMap((entry) =>
    entry.isDirectory() || entry.isFile() ? filesUnder(root, join(path, entry.name)) : []
  )
}

/**
 * A short hash of the measured sources under `root`, the same on every machine and checkout.
 *
 * @example
 * ```ts
 * measuredSourcesHash(repoRoot) // '3f0c9a1e6b2d4c58'
 * ```
 */
export function measuredSourcesHash(root: string): string {
  const hash = createHash('sha256')
  const files = MEASURED.flatMap((path) => filesUnder(root, path))
    .map((file) => relative(root, join(root, file)).split(sep).join('/'))
    .filter((file) => ![...NOT_MEASURED].some((folder) => file.startsWith(`${folder}/`)))
    .sort()
  for (const file of files) {
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(root, file)))
      .update('\0')
  }
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { version?: string }>
  }
  for (const name of DEPENDENCIES) {
    hash.update(`${name}@${lock.packages[`node_modules/${name}`]?.version ?? 'absent'}\0`)
  }
  return hash.digest('hex').slice(0, 16)
}
