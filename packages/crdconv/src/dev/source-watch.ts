// Edits to a project's sources, noticed while `crdconv dev` runs, as one call per burst of saves.
import { watch, type FSWatcher } from 'node:fs'

/** How long the files must stay still before a change is acted on: an editor saves in bursts. */
export const SETTLE_MS = 300

/**
 * Calls `changed` once the files under `folder` (every depth; `node_modules` and dot folders
 * left out) have stayed unchanged for `settleMs` after an edit. `close()` stops watching.
 *
 * @example
 * ```ts
 * const watcher = watchSources('src', () => void reload())
 * process.once('SIGINT', () => watcher.close())
 * ```
 */
export function watchSources(
  folder: string,
  changed: () => void,
  settleMs = SETTLE_MS
): { close: () => void } {
  let timer: NodeJS.Timeout | undefined
  const watcher: FSWatcher = watch(folder, { recursive: true }, (_event, file) => {
    if (file !== null && /(^|[\\/])(node_modules|\.[^\\/]+)([\\/]|$)/.test(file)) return
    clearTimeout(timer)
    timer = setTimeout(changed, settleMs)
  })
  return {
    close: () => {
      clearTimeout(timer)
      watcher.close()
    },
  }
}
