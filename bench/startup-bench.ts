import { copyFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { execFileAsync, median, round } from './bench-support.ts'

export interface StartupResult {
  readonly module: string
  /** Median wall-clock ms of `await import(module)` in a fresh Node process. */
  readonly importMs: number
  /** Median CPU ms (user + system, all threads) the process spent in that import. */
  readonly importCpuMs: number
  /** Median ms from the process's start until the module is evaluated. */
  readonly readyMs: number
  /** `importCpuMs` minus the empty module's, measured the same way in the same run. */
  readonly overEmptyMs: number
  /** `importMs` minus the empty module's: the same, in wall-clock time. */
  readonly overEmptyWallMs: number
}

const IMPORT_TIMER = `
const cpu = process.cpuUsage()
const started = performance.now()
await import(process.argv[1])
const ready = performance.now()
const used = process.cpuUsage(cpu)
console.log(JSON.stringify({
  importMs: ready - started,
  importCpuMs: (used.user + used.system) / 1000,
  readyMs: ready,
}))
`

/**
 * Evaluates each module in fresh Node processes, interleaved with an empty module, `runs`
 * times each. The Worker script is evaluated in Node, not workerd: workerd has no per-isolate
 * start-up figure to read from outside, and the script's own cost is the same JavaScript.
 * The target is checked on CPU time: on a shared machine wall-clock time also counts the
 * time spent waiting for a core, which the module does not cause.
 */
export async function benchStartup(
  workDir: string,
  modules: { readonly name: string; readonly file: string }[],
  runs = 21
): Promise<StartupResult[]> {
  const empty = join(workDir, 'empty.mjs')
  writeFileSync(empty, 'export {}\n')
  const all = [{ name: 'empty module', file: empty }, ...modules].map(({ name, file }) => {
    // .mjs, so Node reads wrangler's worker.js as the ES module it is
    const copy = join(workDir, `startup-${name.replace(/\W+/g, '-')}.mjs`)
    copyFileSync(file, copy)
    return {
      name,
      url: pathToFileURL(copy).href,
      imports: [] as number[],
      cpu: [] as number[],
      ready: [] as number[],
    }
  })
  for (let run = 0; run < runs; run++) {
    for (const module of all) {
      const { stdout } = await execFileAsync(process.execPath, [
        '--input-type=module',
        '-e',
        IMPORT_TIMER,
        module.url,
      ])
      const lines = stdout.trim().split('\n')
      const timing = JSON.parse(lines[lines.length - 1] as string) as {
        importMs: number
        importCpuMs: number
        readyMs: number
      }
      module.imports.push(timing.importMs)
      module.cpu.push(timing.importCpuMs)
      module.ready.push(timing.readyMs)
    }
  }
  const emptyImport = median(all[0]?.imports ?? [0])
  const emptyCpu = median(all[0]?.cpu ?? [0])
  return all.map((module) => ({
    module: module.name,
    importMs: round(median(module.imports)),
    importCpuMs: round(median(module.cpu)),
    readyMs: round(median(module.ready)),
    overEmptyMs: round(median(module.cpu) - emptyCpu),
    overEmptyWallMs: round(median(module.imports) - emptyImport),
  }))
}
