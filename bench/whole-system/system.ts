// The whole-system bench over every release whose binaries are here.
import { loadavg } from 'node:os'
import type { SystemFigures } from './figures.ts'
import type { SystemOptions } from './options.ts'
import { benchReleases } from './releases.ts'
import { benchRelease } from './system-bench.ts'

/** Measures each available release in turn (one API server at a time) with `options`. */
export async function benchSystem(options: SystemOptions): Promise<SystemFigures> {
  const started = Date.now()
  const load = loadavg()
  const releases = []
  const skipped: string[] = []
  for (const release of benchReleases()) {
    if (options.release !== undefined && !release.name.includes(options.release)) continue
    if (release.skip !== undefined) {
      skipped.push(`${release.name}: ${release.skip}`)
      process.stderr.write(`… skipping ${release.name}: ${release.skip}\n`)
      continue
    }
    releases.push(await benchRelease(release, options))
  }
  return {
    date: new Date().toISOString(),
    load,
    options: { ...options },
    releases,
    skipped,
    seconds: Math.round((Date.now() - started) / 1000),
  }
}
