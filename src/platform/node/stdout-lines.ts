/**
 * Writes lines to stdout, every line of one event-loop turn in one write. On a busy server a
 * write per review costs more than the rest of the review's logging (a system call each,
 * measured in docs/performance.md); lines still leave within the turn, in order, and whatever is
 * pending is written when the process exits, an uncaught exception included.
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
    setImmediate(flush)
  }
  pending += `${line}\n`
}

let pending = ''
let exitHooked = false

function flush(): void {
  if (pending === '') return
  const lines = pending
  pending = ''
  process.stdout.write(lines)
}
