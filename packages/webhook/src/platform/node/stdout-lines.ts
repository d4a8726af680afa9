/**
 * Writes lines to stdout in batches: every line pending after a short wait (or once a batch is
 * large) in one write. On a busy server a write per review costs more than the rest of the
 * review's logging (a system call each, measured in docs/performance.md); lines stay in order,
 * and whatever is pending is written when the process exits, an uncaught exception included.
 *
 * @example
 * ```ts
 * nodeServer(scheme, { log: logJsonLinesTo(writeStdoutLine) })
 * ```
 */
export function writeStdoutLine(line: string): void {
  if (pending === '') {
    if (!exitHooked) {
      exitHooked = true
      process.on('exit', flush)
    }
    setTimeout(flush, FLUSH_AFTER_MS).unref()
  }
  pending += `${line}\n`
  if (pending.length >= FLUSH_AT_LENGTH) flush()
}

// a line leaves within this many ms; under load one write carries hundreds of lines
const FLUSH_AFTER_MS = 10
const FLUSH_AT_LENGTH = 64 * 1024

let pending = ''
let exitHooked = false

function flush(): void {
  if (pending === '') return
  const lines = pending
  pending = ''
  process.stdout.write(lines)
}
