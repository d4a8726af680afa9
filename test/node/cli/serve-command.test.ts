import { describe, expect, it } from 'vitest'
import { fetchOverNode } from '../../support/node-fetch.ts'
import { conversionReview } from '../../support/review-factory.ts'
import { makeSelfSignedCertificate } from '../../support/self-signed-certificate.ts'
import { runToExit, whileServing, type ServingPlace } from './cli-process.ts'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  generatePathToken,
  projectTokenFile,
} from '../../../packages/crdconv/src/path-token/index.ts'

const exampleScheme = fileURLToPath(new URL('../../../examples/scheme.ts', import.meta.url))

/** A folder with a `.dev.vars` as `crdconv init` writes it, and the token in it. */
function projectWithDevVars(): { cwd: string; token: string } {
  const cwd = mkdtempSync(join(tmpdir(), 'crdconv-serve-dev-vars-'))
  const token = generatePathToken()
  writeFileSync(join(cwd, '.dev.vars'), projectTokenFile(token))
  return { cwd, token }
}

/** Runs `crdconv serve …` until it prints its URL, and stops it afterwards. */
const serve = (
  args: string[],
  use: (url: string, stderr: string) => Promise<void>,
  place?: ServingPlace
) => whileServing(['serve', ...args], /serving (\S+)\/convert/, use, place)

const post = (url: string, ca?: string, path = '/convert') =>
  fetchOverNode(
    `${url}${path}?timeout=30s`,
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

  describe("with the project's .dev.vars, as wrangler dev reads it", () => {
    const args = ['--port', '0', '--scheme', exampleScheme]

    it('converts only at /convert/<its CONVERT_TOKEN>, and names the file, never the token', async () => {
      const { cwd, token } = projectWithDevVars()
      await serve(
        args,
        async (url, stderr) => {
          expect(stderr).toMatch(/\/convert\/<token> .*\(the token: CONVERT_TOKEN in \.dev\.vars\)/)
          expect((await post(url)).status).toBe(404)
          expect((await post(url, undefined, `/convert/${token}`)).status).toBe(200)
        },
        { cwd }
      )
    })

    it('takes CONVERT_TOKEN from the environment over the file', async () => {
      const { cwd, token } = projectWithDevVars()
      const fromEnvironment = generatePathToken()
      await serve(
        args,
        async (url, stderr) => {
          expect(stderr).not.toMatch(/\.dev\.vars/)
          expect((await post(url, undefined, `/convert/${token}`)).status).toBe(404)
          expect((await post(url, undefined, `/convert/${fromEnvironment}`)).status).toBe(200)
        },
        { cwd, env: { CONVERT_TOKEN: fromEnvironment } }
      )
    })

    it('refuses a token in the file that cannot work, naming the file (exit 2)', async () => {
      const cwd = mkdtempSync(join(tmpdir(), 'crdconv-serve-dev-vars-'))
      writeFileSync(join(cwd, '.dev.vars'), 'CONVERT_TOKEN=short\n')
      const { code, stderr } = await runToExit(['serve', ...args], { cwd })
      expect(code).toBe(2)
      expect(stderr).toMatch(/CONVERT_TOKEN in \.dev\.vars/)
    })
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
