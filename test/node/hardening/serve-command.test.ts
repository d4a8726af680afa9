import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { NEXT_TOKEN, postJson, reviewRequest, TOKEN } from '../../support/hardening-fixtures.ts'
import { conversionReview, cronTabV1beta1 } from '../../support/review-factory.ts'

const children: ChildProcess[] = []
afterEach(() => children.splice(0).forEach((child) => child.kill('SIGTERM')))

/** Runs `crdconv serve` and resolves with its base URL, or its exit code if it stops first. */
function serve(args: string[], env: Record<string, string> = {}) {
  const child = spawn(
    process.execPath,
    ['packages/crdconv/bin/crdconv.js', 'serve', '--port', '0', ...args],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    }
  )
  children.push(child)
  let stderr = ''
  return new Promise<{ url?: string; code?: number | null; stderr: string }>((resolve) => {
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
      const url = /serving (http:\/\/[^/\s]+)/.exec(stderr)?.[1]
      if (url !== undefined) resolve({ url, stderr })
    })
    child.once('exit', (code) => resolve({ code, stderr }))
  })
}

describe('crdconv serve hardening flags', () => {
  it('serves /convert/<token> for each token of --token-file, 404 elsewhere, and limits from flags', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'crdconv-')), 'tokens')
    writeFileSync(file, `${TOKEN}\n${NEXT_TOKEN}\n`)
    const { url, stderr } = await serve(['--token-file', file, '--max-objects', '1'])
    expect(stderr).not.toContain(TOKEN)
    expect((await fetch(`${url}/convert/${TOKEN}`, reviewRequest())).status).toBe(200)
    expect((await fetch(`${url}/convert/${NEXT_TOKEN}`, reviewRequest())).status).toBe(200)
    expect((await fetch(`${url}/convert`, reviewRequest())).status).toBe(404)
    const twoObjects = postJson(conversionReview({ objects: [cronTabV1beta1(), cronTabV1beta1()] }))
    const answer = await (await fetch(`${url}/convert/${TOKEN}`, twoObjects)).text()
    expect(answer).toContain('limit of 1 per review')
  }, 20_000)

  it('reads CONVERT_TOKEN and CONVERT_ALLOWED_SOURCES from the environment', async () => {
    const { url } = await serve([], { CONVERT_TOKEN: TOKEN, CONVERT_ALLOWED_SOURCES: '10.0.0.0/8' })
    expect((await fetch(`${url}/convert/${TOKEN}`, reviewRequest())).status).toBe(403)
  }, 20_000)

  it('exits with 2 and names the setting when a value cannot work', async () => {
    const { code, stderr } = await serve(['--allowed-sources', '10.0.0.0/99'])
    expect(code).toBe(2)
    expect(stderr).toContain('CONVERT_ALLOWED_SOURCES')
  }, 20_000)
})
