import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { fetchOverNode } from '../../support/node-fetch.ts'
import { conversionReview, cronTabV1beta1 } from '../../support/review-factory.ts'

const bin = fileURLToPath(new URL('../../../bin/crdconv.js', import.meta.url))
const brokenScheme = fileURLToPath(
  new URL('../lifecycle/fixtures/broken-crontab.ts', import.meta.url)
)

/** Runs `crdconv lambda-local …` until it prints its URL, and stops it afterwards. */
async function lambdaLocal(args: string[], use: (url: string) => Promise<void>) {
  const child = spawn(process.execPath, [bin, 'lambda-local', '--port', '0', ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk))
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.stderr.on('data', () => {
        const match = / at (\S+)\/convert, as a Function URL/.exec(stderr)
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
    const child = spawn(process.execPath, [bin, 'lambda-local', ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk))
    const [code] = await once(child, 'exit')
    expect(code).toBe(2)
    expect(stderr).toMatch(message)
  })
})
