import { readFileSync } from 'node:fs'

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
 * Calls `renew` with both files' contents whenever they differ from the pair last seen (`initial`,
 * else what the files hold now), until the returned function is called. A failed read or a pair
 * `renew` rejects goes to `failed` once, not again at each look; the old pair stays.
 *
 * The files are read, not only stat'ed: a Secret volume swaps a symlink (inotify on the old file
 * misses it), and a swap at the moment the server starts is seen as well as one a week later.
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
  intervalMs = TLS_FILE_CHECK_MS,
  initial?: TlsMaterial
): () => void {
  let seen = initial
  let lastFailure: string | undefined
  const report = (error: unknown) => {
    const message = String(error)
    if (message === lastFailure) return
    lastFailure = message
    failed(error)
  }
  const check = () => {
    let material: { cert: Buffer; key: Buffer }
    try {
      material = readTlsMaterial(files)
    } catch (error) {
      report(error)
      return
    }
    lastFailure = undefined
    if (sameMaterial(material, seen)) return
    const first = seen === undefined
    seen = material
    if (first) return
    try {
      renew(material)
    } catch (error) {
      report(error)
    }
  }
  if (seen === undefined) check()
  const timer = setInterval(check, intervalMs)
  timer.unref()
  return () => clearInterval(timer)
}

/** Whether two pairs hold the same bytes, PEM strings and Buffers alike. */
export function sameMaterial(one: TlsMaterial, other: TlsMaterial | undefined): boolean {
  const bytes = (pem: string | Buffer) => (typeof pem === 'string' ? Buffer.from(pem) : pem)
  return (
    other !== undefined &&
    bytes(one.cert).equals(bytes(other.cert)) &&
    bytes(one.key).equals(bytes(other.key))
  )
}
