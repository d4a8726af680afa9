// How a recording goes, on stderr: a cli-progress bar on a terminal, else a line per version.
import { SingleBar } from 'cli-progress'
import { countOf, type CliIo } from '../command-io/index.ts'

/** Objects read so far at one version, of how many the server says there are (up to the limit). */
export interface RecordCounts {
  readonly version: string
  readonly read: number
  readonly total?: number
}

export interface RecordProgress {
  readonly update: (counts: RecordCounts) => void
  /** One version is read: its line, off a terminal. */
  readonly versionDone: (counts: RecordCounts) => void
  readonly stop: () => void
}

/** Progress of one CRD's recording; `tty` picks cli-progress' bar (on `terminal`) over lines. */
export function recordProgress(
  io: CliIo,
  crdName: string,
  tty: boolean,
  terminal: NodeJS.WritableStream = process.stderr
): RecordProgress {
  if (tty) {
    const bar = new SingleBar({
      format: `${crdName} {version} [{bar}] {value}/{total}`,
      hideCursor: true,
      stream: terminal,
    })
    let running = false
    return {
      update: ({ version, read, total }) => {
        if (!running) {
          bar.start(total ?? read, read, { version })
          running = true
        }
        bar.setTotal(total ?? read)
        bar.update(read, { version })
      },
      versionDone: () => {},
      stop: () => {
        if (running) bar.stop()
      },
    }
  }
  return {
    update: () => {},
    versionDone: ({ version, read }) =>
      io.stderr(`crdconv: ${crdName} ${version}: ${countOf(read, 'object')} read\n`),
    stop: () => {},
  }
}
