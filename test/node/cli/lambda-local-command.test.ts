import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { fetchOverNode } from '../../support/node-fetch.ts'
import { conversionReview, cronTabV1beta1 } from '../../support/review-factory.ts'
import { runToExit, whileServing } from './cli-process.ts'

const brokenScheme = fileURLToPath(
  new URL('../lifecycle/fixtures/broken-crontab.ts', import.meta.url)
)

/** Runs `crdconv lambda-local …` on a free port until it prints its URL, and stops it afterwards. */
const lambdaLocal = (args: string[], use: (url: string) => Promise<void>) =>
  whileServing(
    ['lambda-local', '--port', '0', ...args],
    / at (\S+)\/convert, as a Function URL/,
    use
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

  it.each([
    [['--scheme', brokenScheme, '--bundle', 'dist/lambda/lambda.mjs'], /cannot be used with/],
    [['--scheme', 'missing-scheme.ts'], /--scheme missing-scheme\.ts: no such file/],
  ])('exits with 2 on bad usage %j', async (args, message) => {
    const { code, stderr } = await runToExit(['lambda-local', ...args])
    expect(code).toBe(2)
    expect(stderr).toMatch(message)
  })
})
