import { readFileSync, unwatchFile, watchFile, type Stats } from 'node:fs'

/** A PEM certificate chain and its private key, in memory. */
export interface TlsMaterial {
  readonly cert: string | Buffer
  readonly key: string | Buffer
}

/** A PEM certificate chain and its key as files, read again whenever either changes. */
export interface TlsFiles {
  readonly certFile: string
  readonly keyFile: string
}

/** How often the files are looked at: cert-manager renews weeks before expiry. */
export const TLS_FILE_CHECK_MS = 10_000

/** Reads both files now. Throws naming the file that cannot be read. */
export function readTlsMaterial(files: TlsFiles): { cert: Buffer; key: Buffer } {
  return { cert: readNamed(files.certFile), key: readNamed(files.keyFile) }
}

function readNamed(file: string): Buffer {
  try {
    return readFileSync(file)
  } catch (error) {
    throw new Error(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? error}`, {
      cause: error,
    })
  }
}

/**
 * Calls `renew` with both files' contents each time either changes, until the returned function
 * is called. A failed read or a pair `renew` rejects goes to `failed`; the old pair stays.
 *
 * @example
 * ```ts
 * const stop = watchTlsFiles(files, (tls) => server.setSecureContext(tls), console.error)
 * ```
 */
export function watchTlsFiles(
  files: TlsFiles,
  renew: (tls: { cert: Buffer; key: Buffer }) => void,
  failed: (error: unknown) => void,
  intervalMs = TLS_FILE_CHECK_MS
): () => void {
  const changed = (current: Stats, previous: Stats) => {
    // a Secret volume swaps a symlink: inotify on the old file would miss it, stat does not
    if (current.mtimeMs === previous.mtimeMs && current.ino === previous.ino) return
    try {
      renew(readTlsMaterial(files))
    } catch (error) {
      failed(error)
    }
  }
  const options = { interval: intervalMs, persistent: false }
  watchFile(files.certFile, options, changed)
  watchFile(files.keyFile, options, changed)
  return () => {
    unwatchFile(files.certFile, changed)
    unwatchFile(files.keyFile, changed)
  }
}
