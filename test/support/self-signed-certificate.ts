import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A throwaway certificate for 127.0.0.1/localhost, made with the openssl CLI. */
export function makeSelfSignedCertificate(): { cert: string; key: string } {
  const directory = mkdtempSync(join(tmpdir(), 'crdconv-tls-'))
  try {
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
        join(directory, 'key.pem'),
        '-out',
        join(directory, 'cert.pem'),
      ],
      { stdio: 'ignore' }
    )
    return {
      cert: readFileSync(join(directory, 'cert.pem'), 'utf8'),
      key: readFileSync(join(directory, 'key.pem'), 'utf8'),
    }
  } finally {
    rmSync(directory, { recursive: true, force: true })
  }
}
