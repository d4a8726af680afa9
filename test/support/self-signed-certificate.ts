import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * A throwaway certificate for 127.0.0.1 and localhost, made with the openssl CLI, written as
 * `cert.pem` and `key.pem` into `directory`; answers the two paths.
 */
export function writeSelfSignedCertificate(directory: string): { cert: string; key: string } {
  const cert = join(directory, 'cert.pem')
  const key = join(directory, 'key.pem')
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' }
  )
  return { cert, key }
}

/** The same certificate as PEM text, with nothing left on disk. */
export function makeSelfSignedCertificate(): { cert: string; key: string } {
  const directory = mkdtempSync(join(tmpdir(), 'crdconv-tls-'))
  try {
    const files = writeSelfSignedCertificate(directory)
    return { cert: readFileSync(files.cert, 'utf8'), key: readFileSync(files.key, 'utf8') }
  } finally {
    rmSync(directory, { recursive: true, force: true })
  }
}
