import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { fetchOverNode } from '../../support/node-fetch.ts'
import { conversionReview } from '../../support/review-factory.ts'
import { makeSelfSignedCertificate } from '../../support/self-signed-certificate.ts'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const bin = fileURLToPath(new URL('../../../bin/crdconv.js', import.meta.url))

/** Runs `crdconv serve …` until it prints its URL (or exits), and stops it afterwards. */
async function serve(args: string[], use: (url: string) => Promise<void>) {
  const child = spawn(process.execPath, [bin, 'serve', ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk))
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.stderr.on('data', () => {
        const match = /serving (\S+)\/convert/.exec(stderr)
        if (match?.[1]) resolve(match[1])
      })
      child.once('exit', (code) => reject(new Error(`exited with ${code}: ${stderr}`)))
    })
    await use(url)
  } finally {
    child.kill('SIGTERM')
    if (child.exitCode === null) await once(child, 'exit')
  }
}

const post = (url: string, ca?: string) =>
  fetchOverNode(
    `${url}/convert?timeout=30s`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(conversionReview()),
    },
    ca
  )

describe('crdconv serve', () => {
  it('serves the example over HTTP on the port it is given', async () => {
    await serve(['--port', '0'], async (url) => {
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      const response = await post(url)
      expect(response.status).toBe(200)
      expect(
        ((await response.json()) as { response: { result: unknown } }).response.result
      ).toEqual({ status: 'Success' })
    })
  })

  it('serves HTTPS with --tls-cert and --tls-key', async () => {
    const { cert, key } = makeSelfSignedCertificate()
    const directory = mkdtempSync(join(tmpdir(), 'crdconv-serve-'))
    writeFileSync(join(directory, 'cert.pem'), cert)
    writeFileSync(join(directory, 'key.pem'), key)
    await serve(
      [
        '--port',
        '0',
        '--tls-cert',
        join(directory, 'cert.pem'),
        '--tls-key',
        join(directory, 'key.pem'),
      ],
      async (url) => {
        expect(url).toMatch(/^https:\/\//)
        expect((await post(url, cert)).status).toBe(200)
      }
    )
  })

  it.each([
    [['--tls-cert', 'only.pem'], /--tls-cert and --tls-key go together/],
    [['--port', 'eighty'], /must be a whole number from 0 to 65535/],
  ])('exits with 2 on bad usage %j', async (args, message) => {
    const child = spawn(process.execPath, [bin, 'serve', ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk))
    const [code] = await once(child, 'exit')
    expect(code).toBe(2)
    expect(stderr).toMatch(message)
  })
})
