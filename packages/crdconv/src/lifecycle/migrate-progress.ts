import { SingleBar } from 'cli-progress'
import type { MigrationState } from './migration-status.ts'
import type { RewriteCounts } from './rewrite-objects.ts'
import { countOf, type CliIo } from '../command-io/index.ts'

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
        `crdconv: ${crdName} ${counts.seen}/${countOf(total, 'object')}, ${rate(counts)}/s, ${countOf(counts.conflicts, 'conflict')}, ${countOf(counts.failures.length, 'error')}\n`
      )
    },
    stop: () => {},
  }
}

/** Shows how a server-side migration goes, from its conditions: one `update` per read. */
export interface ServerSideProgress {
  readonly update: (migration: string, state: MigrationState) => void
  readonly stop: () => void
}

/** The phase in a few words, with the controller's retried error if any. */
function phaseText(state: MigrationState): string {
  switch (state.phase) {
    case 'pending':
      return 'waiting for the controller'
    case 'running':
      return state.transientError === undefined
        ? 'running'
        : `running, retrying after: ${state.transientError}`
    case 'succeeded':
      return 'succeeded'
    case 'failed':
      return 'failed'
  }
}

/**
 * Progress of one resource's migration by the API server: a cli-progress bar (objects rewritten
 * of the total, once the controller says them, and the phase) on a terminal, else a line each
 * time the migration's state changes.
 */
export function serverSideProgress(
  io: CliIo,
  crdName: string,
  tty: boolean,
  terminal: NodeJS.WritableStream = process.stderr
): ServerSideProgress {
  const done = (state: MigrationState) =>
    state.total === undefined ? 0 : state.total - (state.remaining ?? state.total)
  if (tty) {
    const bar = new SingleBar({
      format: `${crdName} [{bar}] {value}/{total} | {migration} | {phase}`,
      hideCursor: true,
      stream: terminal,
    })
    let running = false
    return {
      update: (migration, state) => {
        const payload = { migration, phase: phaseText(state) }
        const total = state.total ?? 0
        if (!running) {
          bar.start(total, done(state), payload)
          running = true
        }
        bar.setTotal(total)
        bar.update(done(state), payload)
      },
      stop: () => {
        if (running) bar.stop()
      },
    }
  }
  let last = ''
  return {
    update: (migration, state) => {
      const counts =
        state.total === undefined
          ? ''
          : `, ${done(state)}/${countOf(state.total, 'object')} rewritten`
      const line = `crdconv: ${crdName}: StorageVersionMigration ${migration} ${phaseText(state)}${counts}\n`
      if (line === last) return
      last = line
      io.stderr(line)
    },
    stop: () => {},
  }
}
