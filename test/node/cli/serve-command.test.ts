import { describe, expect, it } from 'vitest'
import { fetchOverNode } from '../../support/node-fetch.ts'
import { conversionReview } from '../../support/review-factory.ts'
import { makeSelfSignedCertificate } from '../../support/self-signed-certificate.ts'
import { runToExit, whileServing } from './cli-process.ts'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Runs `crdconv serve …` until it prints its URL, and stops it afterwards. */
const serve = (args: string[], use: (url: string) => Promise<void>) =>
  whileServing(['serve', ...args], /serving (\S+)\/convert/, use)

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
    const { code, stderr } = await runToExit(['serve', ...args])
    expect(code).toBe(2)
    expect(stderr).toMatch(message)
  })
})
