// The Node server's certificate from files, as a Kubernetes Secret volume holds them: the files
// are symlinks through `..data`, which the kubelet swaps when cert-manager renews the secret.
import { X509Certificate } from 'node:crypto'
import { Agent, get } from 'node:https'
import type { TLSSocket } from 'node:tls'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Hono } from 'hono'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  startNodeServer,
  type RunningServer,
} from '../../../packages/webhook/src/platform/node/node-server.ts'
import { TLS_FILE_CHECK_MS } from '../../../packages/webhook/src/platform/node/tls-files.ts'
import { secretVolume, servedFingerprint } from '../../support/secret-volume.ts'
import { writeSelfSignedCertificate } from '../../support/self-signed-certificate.ts'

const fingerprintOf = (certFile: string) =>
  new X509Certificate(readFileSync(certFile)).fingerprint256

describe('the Node server with its certificate in a Secret volume', () => {
  let directory: string
  let server: RunningServer | undefined
  const failures: unknown[] = []
  const agents: Agent[] = []
  /** Releases of the `/held` requests that are waiting. */
  const held: (() => void)[] = []
  const app = new Hono()
    .get('/healthz', (context) => context.json({ status: 'ok' }))
    .get('/held', async (context) => {
      await new Promise<void>((release) => held.push(release))
      return context.json({ status: 'ok' })
    })

  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'crdconv-secret-volume-'))
    failures.length = 0
    held.length = 0
  })
  afterEach(async () => {
    for (const agent of agents.splice(0)) agent.destroy()
    await server?.close()
    server = undefined
    rmSync(directory, { recursive: true, force: true })
  })

  const start = async () => {
    const volume = secretVolume(directory, (folder) => writeSelfSignedCertificate(folder))
    const first = await volume.fresh()
    const expected = fingerprintOf(first.cert)
    volume.publish(first.cert, first.key)
    server = await startNodeServer({
      app,
      port: 0,
      hostname: '127.0.0.1',
      tls: volume.files,
      tlsFailed: (error) => failures.push(error),
    })
    return { volume, url: server.url, expected }
  }

  /** Publishes a new pair and waits until new connections get it: its fingerprint. */
  const renew = async (volume: Awaited<ReturnType<typeof start>>['volume'], url: string) => {
    const renewed = await volume.fresh()
    const next = fingerprintOf(renewed.cert)
    volume.publish(renewed.cert, renewed.key)
    const deadline = Date.now() + 6 * TLS_FILE_CHECK_MS
    while ((await servedFingerprint(url)) !== next && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    return next
  }

  /** One connection at a time, kept alive between requests, as the API server's client keeps it. */
  const keptAlive = () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1, rejectUnauthorized: false })
    agents.push(agent)
    return agent
  }

  /** GET `path` through a keep-alive agent: whether the connection was reused, and on which certificate. */
  const ask = (agent: Agent, url: string, path: string) =>
    new Promise<{ reused: boolean; fingerprint: string; connection: string | undefined }>(
      (resolve, reject) => {
        const request = get(`${url}${path}`, { agent }, (response) => {
          const answer = {
            reused: request.reusedSocket,
            fingerprint: (response.socket as TLSSocket).getPeerCertificate().fingerprint256,
            connection: response.headers.connection,
          }
          response.resume()
          response.on('end', () => resolve(answer))
        })
        request.on('error', reject)
      }
    )

  it(
    'serves the renewed certificate once the kubelet swaps the volume, without a restart',
    async () => {
      const { volume, url, expected } = await start()
      expect(await servedFingerprint(url)).toBe(expected)
      const next = await renew(volume, url)
      expect(await servedFingerprint(url)).toBe(next)
      expect(failures).toEqual([])
    },
    8 * TLS_FILE_CHECK_MS
  )

  it(
    'retires a kept-alive connection made under the old certificate at its next answer, not while it is idle',
    async () => {
      const { volume, url, expected } = await start()
      const agent = keptAlive()
      expect(await ask(agent, url, '/healthz')).toMatchObject({ fingerprint: expected })
      const next = await renew(volume, url)
      expect(await ask(agent, url, '/healthz')).toEqual({
        reused: true,
        fingerprint: expected,
        connection: 'close',
      })
      expect(await ask(agent, url, '/healthz')).toMatchObject({
        reused: false,
        fingerprint: next,
      })
      expect(await ask(agent, url, '/healthz')).toMatchObject({ reused: true, fingerprint: next })
    },
    8 * TLS_FILE_CHECK_MS
  )

  it(
    'closes a connection whose answer is pending at the renewal after that answer',
    async () => {
      const { volume, url, expected } = await start()
      const agent = keptAlive()
      expect(await ask(agent, url, '/healthz')).toMatchObject({ fingerprint: expected })
      const pending = ask(agent, url, '/held')
      while (held.length === 0) await new Promise((resolve) => setTimeout(resolve, 10))
      const next = await renew(volume, url)
      held.shift()?.()
      expect(await pending).toEqual({ reused: true, fingerprint: expected, connection: 'close' })
      expect(await ask(agent, url, '/healthz')).toMatchObject({
        reused: false,
        fingerprint: next,
      })
    },
    8 * TLS_FILE_CHECK_MS
  )

  it(
    'keeps the certificate it has when the new files do not go together, and says why',
    async () => {
      const { volume, url, expected } = await start()
      const one = await volume.fresh()
      const other = await volume.fresh()
      volume.publish(one.cert, other.key)
      const deadline = Date.now() + 6 * TLS_FILE_CHECK_MS
      while (failures.length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250))
      }
      expect(String(failures[0])).toMatch(/key values mismatch|KEY_VALUES_MISMATCH/i)
      expect(await servedFingerprint(url)).toBe(expected)
    },
    8 * TLS_FILE_CHECK_MS
  )

  it('fails the start naming the file it cannot read', async () => {
    await expect(
      startNodeServer({
        app,
        port: 0,
        hostname: '127.0.0.1',
        tls: { certFile: join(directory, 'absent.crt'), keyFile: join(directory, 'absent.key') },
      })
    ).rejects.toThrow(`cannot read ${join(directory, 'absent.crt')}: ENOENT`)
  })
})
