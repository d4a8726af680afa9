import { execFile } from 'node:child_process'
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
})
