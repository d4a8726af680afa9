import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { fetchOverNode } from '../../support/node-fetch.ts'
import { conversionReview, cronTabV1beta1 } from '../../support/review-factory.ts'
import { runToExit, whileServing } from './cli-process.ts'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  generatePathToken,
  projectTokenFile,
} from '../../../packages/crdconv/src/path-token/index.ts'

const brokenScheme = fileURLToPath(
  new URL('../lifecycle/fixtures/broken-crontab.ts', import.meta.url)
)

/** Runs `crdconv lambda-local …` on a free port until it prints its URL, and stops it afterwards. */
const lambdaLocal = (
  args: string[],
  use: (url: string, stderr: string) => Promise<void>,
  cwd?: string
) =>
  whileServing(
    ['lambda-local', '--port', '0', ...args],
    / at (\S+)\/convert, as a Function URL/,
    use,
    cwd === undefined ? {} : { cwd }
  )

describe('crdconv lambda-local --scheme', () => {
  it('serves lambdaHandler(scheme) for the module’s scheme', async () => {
    await lambdaLocal(['--scheme', brokenScheme], async (url) => {
      const response = await fetchOverNode(`${url}/convert`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(
          conversionReview({
            desiredAPIVersion: 'broken.example.com/v1',
            objects: [{ ...cronTabV1beta1(), apiVersion: 'broken.example.com/v1beta1' }],
          })
        ),
      })
      expect(response.status).toBe(200)
      const { result } = ((await response.json()) as { response: { result: unknown } }).response
      expect(result).toMatchObject({
        status: 'Failed',
        message: expect.stringContaining('the converter is broken on purpose'),
      })
    })
  })

  it("takes the path token from the project's .dev.vars, as wrangler dev does", async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'crdconv-lambda-local-dev-vars-'))
    const token = generatePathToken()
    writeFileSync(join(cwd, '.dev.vars'), projectTokenFile(token))
    const review = JSON.stringify(
      conversionReview({
        desiredAPIVersion: 'broken.example.com/v1',
        objects: [{ ...cronTabV1beta1(), apiVersion: 'broken.example.com/v1beta1' }],
      })
    )
    const post = (url: string) =>
      fetchOverNode(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: review,
      })
    await lambdaLocal(
      ['--scheme', brokenScheme],
      async (url, stderr) => {
        expect(stderr).toMatch(/\(the token: CONVERT_TOKEN in \.dev\.vars\)/)
        expect((await post(`${url}/convert`)).status).toBe(404)
        expect((await post(`${url}/convert/${token}`)).status).toBe(200)
      },
      cwd
    )
  })

  it.each([
    [['--scheme', brokenScheme, '--bundle', 'dist/lambda/lambda.mjs'], /cannot be used with/],
    [['--scheme', 'missing-scheme.ts'], /--scheme missing-scheme\.ts: no such file/],
  ])('exits with 2 on bad usage %j', async (args, message) => {
    const { code, stderr } = await runToExit(['lambda-local', ...args])
    expect(code).toBe(2)
    expect(stderr).toMatch(message)
  })
})
