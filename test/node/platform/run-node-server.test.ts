// runNodeServer, the entry of the webhook's container image: its settings from the environment,
// and the process it runs, as the bundle `npm run build:server` writes, under plain Node.
import { mkdtempSync, rmSync } from 'node:fs'
import { request } from 'node:https'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  freePort,
  startProcess,
  type ManagedProcess,
} from '../../../packages/crdconv/src/test-api-server/test-api-server-processes.ts'
import { SettingsError } from '../../../packages/webhook/src/http/index.ts'
import {
  DEFAULT_SHUTDOWN_DELAY_SECONDS,
  readNodeListenSettings,
} from '../../../packages/webhook/src/platform/node/run-node-server.ts'
import { writeSelfSignedCertificate } from '../../support/self-signed-certificate.ts'
import { bundleSchemeServer, type ServerProject } from '../../support/image-target.ts'
import { answeringOrigin } from '../../support/webhook-targets.ts'

describe('readNodeListenSettings', () => {
  it('listens on 127.0.0.1:8787 over HTTP and waits 5 s on a stop when nothing is set', () => {
    expect(readNodeListenSettings({})).toEqual({
      port: 8787,
      hostname: '127.0.0.1',
      shutdownDelaySeconds: DEFAULT_SHUTDOWN_DELAY_SECONDS,
    })
  })

  it('takes the address, the certificate files and the delay from the variables', () => {
    expect(
      readNodeListenSettings({
        CONVERT_PORT: '8443',
        CONVERT_HOST: '0.0.0.0',
        CONVERT_TLS_CERT_FILE: '/tls/tls.crt',
        CONVERT_TLS_KEY_FILE: '/tls/tls.key',
        CONVERT_SHUTDOWN_DELAY_SECONDS: '0',
      })
    ).toEqual({
      port: 8443,
      hostname: '0.0.0.0',
      tls: { certFile: '/tls/tls.crt', keyFile: '/tls/tls.key' },
      shutdownDelaySeconds: 0,
    })
  })

  it.each([
    [{ CONVERT_PORT: 'https' }, /CONVERT_PORT must be a whole number, got "https"/],
    [{ CONVERT_PORT: '70000' }, /CONVERT_PORT must be 0 to 65535, got 70000/],
    [{ CONVERT_SHUTDOWN_DELAY_SECONDS: '-1' }, /CONVERT_SHUTDOWN_DELAY_SECONDS must be a whole/],
    [
      { CONVERT_TLS_CERT_FILE: '/tls/tls.crt' },
      /CONVERT_TLS_CERT_FILE and CONVERT_TLS_KEY_FILE go together/,
    ],
  ])('refuses %j, naming the variable', (environment, message) => {
    expect(() => readNodeListenSettings(environment)).toThrow(SettingsError)
    expect(() => readNodeListenSettings(environment)).toThrow(message)
  })
})

describe('the server bundle of a project made by crdconv init, under Node', () => {
  let project: ServerProject
  let directory: string
  let certificate: { cert: string; key: string }
  const start = (environment: Record<string, string>): ManagedProcess =>
    startProcess('server.mjs', process.execPath, [project.bundle], {
      PATH: process.env['PATH'] ?? '',
      ...environment,
    })
  const exited = async (managed: ManagedProcess) => {
    await new Promise((done) => managed.child.once('exit', done))
    return { exit: managed.exited(), output: managed.tail() }
  }

  beforeAll(async () => {
    project = await bundleSchemeServer(resolve(import.meta.dirname, '../../../examples/scheme.ts'))
    directory = mkdtempSync(join(tmpdir(), 'crdconv-run-node-server-'))
    certificate = writeSelfSignedCertificate(directory)
  }, 60_000)
  afterAll(() => {
    project?.remove()
    rmSync(directory, { recursive: true, force: true })
  })

  it('keeps answering for the delay after SIGTERM, then exits 0', async () => {
    const port = await freePort()
    const managed = start({
      CONVERT_PORT: String(port),
      CONVERT_TLS_CERT_FILE: certificate.cert,
      CONVERT_TLS_KEY_FILE: certificate.key,
      CONVERT_SHUTDOWN_DELAY_SECONDS: '2',
    })
    try {
      const tls = { caCert: certificate.cert, cert: certificate.cert, key: certificate.key }
      const origin = await answeringOrigin(managed, port, tls)
      managed.child.kill('SIGTERM')
      const answer = await fetchInsecure(`${origin}/healthz`)
      expect(answer).toBe(200)
      const { exit, output } = await exited(managed)
      expect(exit).toBe('exit code 0')
      expect(output).toMatch(/SIGTERM: stopping in 2 s, after the reviews in flight/)
    } finally {
      await managed.stop()
    }
  })

  it.each([
    [{ CONVERT_PORT: 'https' }, 'crdconv: CONVERT_PORT must be a whole number, got "https"'],
    [
      { CONVERT_TLS_CERT_FILE: '/nowhere/tls.crt', CONVERT_TLS_KEY_FILE: '/nowhere/tls.key' },
      'crdconv: cannot read /nowhere/tls.crt: ENOENT',
    ],
    [{ CONVERT_MAX_OBJECTS: 'many' }, 'crdconv: CONVERT_MAX_OBJECTS must be a whole number'],
  ])('exits 1 with one line for %j', async (environment, line) => {
    const managed = start({ CONVERT_PORT: '0', ...environment })
    const { exit, output } = await exited(managed)
    expect(exit).toBe('exit code 1')
    expect(output.split('\n')).toHaveLength(1)
    expect(output).toContain(line)
  })
})

function fetchInsecure(url: string): Promise<number> {
  return new Promise((done, fail) => {
    request(url, { rejectUnauthorized: false }, (response) => {
      response.resume()
      done(response.statusCode ?? 0)
    })
      .on('error', fail)
      .end()
  })
}
