// A Kubernetes Secret volume on disk, as the kubelet writes one: `tls.crt` → `..data/tls.crt`,
// `..data` → the current version's folder, swapped in one rename when the Secret changes (when
// cert-manager renews the certificate).
import { mkdirSync, mkdtempSync, renameSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { connect } from 'node:tls'

interface CertificateFiles {
  readonly cert: string
  readonly key: string
}

/**
 * The volume in `directory`; `make` writes a new pair into the folder it is given. Publish a pair
 * before the server reads `files`.
 */
export function secretVolume<Made extends CertificateFiles>(
  directory: string,
  make: (folder: string) => Made | Promise<Made>
) {
  let version = 0
  mkdirSync(directory, { recursive: true })
  const files = { certFile: join(directory, 'tls.crt'), keyFile: join(directory, 'tls.key') }
  /** Makes `cert` and `key` the volume's pair, in one swap of `..data`. */
  const publish = (cert: string, key: string) => {
    const folder = join(directory, `..version-${++version}`)
    mkdirSync(folder)
    renameSync(cert, join(folder, 'tls.crt'))
    renameSync(key, join(folder, 'tls.key'))
    symlinkSync(folder, join(directory, '..data-next'))
    renameSync(join(directory, '..data-next'), join(directory, '..data'))
    if (version === 1) {
      symlinkSync('..data/tls.crt', files.certFile)
      symlinkSync('..data/tls.key', files.keyFile)
    }
  }
  /** A new pair from `make`, in a folder of its own, not yet published. */
  const fresh = async (): Promise<Made> => make(mkdtempSync(join(directory, 'made-')))
  return { files, publish, fresh }
}

/** The SHA-256 fingerprint of the certificate a TLS server at `url` serves to a new connection. */
export function servedFingerprint(url: string): Promise<string> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const socket = connect(
      { host: hostname, port: Number(port), rejectUnauthorized: false },
      () => {
        resolve(socket.getPeerCertificate().fingerprint256)
        socket.end()
      }
    )
    socket.on('error', reject)
  })
}
