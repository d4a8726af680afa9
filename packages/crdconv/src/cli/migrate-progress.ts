import { SingleBar } from 'cli-progress'
import type { RewriteCounts } from '../cluster/rewrite-objects.ts'
import type { CliIo } from './cli-io.ts'

/** Shows how a migration goes: a progress bar on a terminal, a line per 500 objects otherwise. */
export interface MigrateProgress {
  readonly update: (counts: RewriteCounts) => void
  readonly stop: () => void
}

const LINE_EVERY = 500

/** Progress of one resource's migration; `tty` picks cli-progress' bar (on `terminal`) over plain lines. */
export function migrateProgress(
  io: CliIo,
  crdName: string,
  tty: boolean,
  terminal: NodeJS.WritableStream = process.stderr
): MigrateProgress {
  const started = Date.now()
  const rate = (counts: RewriteCounts) =>
    Math.round(counts.seen / Math.max((Date.now() - started) / 1000, 0.001))
  if (tty) {
    const bar = new SingleBar({
      format: `${crdName} [{bar}] {value}/{total} | {rate}/s | {conflicts} conflicts | {errors} errors`,
      hideCursor: true,
      stream: terminal,
    })
    let running = false
    return {
      update: (counts) => {
        const payload = {
          rate: rate(counts),
          conflicts: counts.conflicts,
          errors: counts.failures.length,
        }
        if (!running) {
          bar.start(counts.total ?? counts.seen, counts.seen, payload)
          running = true
        }
        bar.setTotal(counts.total ?? counts.seen)
        bar.update(counts.seen, payload)
      },
      stop: () => {
        if (running) bar.stop()
      },
    }
  }
  let printed = 0
  return {
    update: (counts) => {
      const total = counts.total ?? counts.seen
      const crossed = Math.floor(counts.seen / LINE_EVERY) > Math.floor(printed / LINE_EVERY)
      if (counts.seen === printed || (!crossed && counts.seen !== total)) return
      printed = counts.seen
      io.stderr(
        `crdconv: ${crdName} ${counts.seen}/${total} objects, ${rate(counts)}/s, ${counts.conflicts} conflicts, ${counts.failures.length} errors\n`
      )
    },
    stop: () => {},
  }
}
