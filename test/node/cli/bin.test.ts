import { execFile, spawn } from 'node:child_process'
import { once } from 'node:events'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const bin = join(import.meta.dirname, '../../../packages/crdconv/bin/crdconv.js')

describe('packages/crdconv/bin/crdconv.js', () => {
  it('runs the built CLI with plain node', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [
      bin,
      'crd',
      '--url',
      'https://crontab-webhook.example.workers.dev/convert',
    ])
    expect(stdout).toContain('name: crontabs.example.com')
  })

  it('exits with the command’s code', async () => {
    const run = promisify(execFile)(process.execPath, [bin, 'crd', '--url', 'http://x/convert'])
    await expect(run).rejects.toMatchObject({ code: 2 })
  })

  it('ends quietly when the reader of its output has left, as `| head -n 1` or `| true` do', async () => {
    const child = spawn(
      process.execPath,
      [bin, 'crd', '--url', 'https://crontab-webhook.example.workers.dev/convert'],
      { stdio: ['ignore', 'pipe', 'pipe'] }
    )
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk))
    child.stdout.destroy()
    const [code] = (await once(child, 'exit')) as [number | null]
    expect(stderr).not.toMatch(/EPIPE|Error/)
    expect(code).toBe(0)
  })
})
