import { execFile, spawn } from 'node:child_process'
import { once } from 'node:events'
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const bin = join(import.meta.dirname, '../../../packages/crdconv/bin/crdconv.js')
const repository = join(import.meta.dirname, '../../..')

// A scheme written as every scaffold writes it, `import` syntax and an extensionless local import
const WIDGET = `import { z } from 'zod'
import { defineResource } from '@crdconv/webhook'

export const widget = defineResource({
  group: 'example.com',
  kind: 'Widget',
  versions: { v1: { schema: z.object({ spec: z.object({ size: z.number() }) }), storage: true } },
  converters: [],
})
`
const SCHEME = `import { createScheme } from '@crdconv/webhook'
import { widget } from './widget'

export const scheme = createScheme([widget])
`

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

  it('says in one line to run npm run build when its dist/ is not built (exit 2)', async () => {
    const clone = mkdtempSync(join(tmpdir(), 'crdconv-unbuilt-'))
    try {
      mkdirSync(join(clone, 'bin'))
      copyFileSync(bin, join(clone, 'bin', 'crdconv.js'))
      const run = promisify(execFile)(process.execPath, [join(clone, 'bin', 'crdconv.js'), 'crd'])
      const failure = await run.then(
        () => ({ code: 0, stderr: '' }),
        (error: { code: number; stderr: string }) => error
      )
      expect(failure.code).toBe(2)
      expect(failure.stderr).toBe(
        `crdconv: ${join(clone, 'dist')}/ is not built (or only in part): run npm run build at the repository's root, then run crdconv again\n`
      )
    } finally {
      rmSync(clone, { recursive: true, force: true })
    }
  })

  it.each([
    ['whose package.json lacks "type": "module"', { name: 'schemes' }],
    ['with no package.json', undefined],
  ])('loads a TypeScript scheme from a folder %s', async (_case, packageJson) => {
    const folder = mkdtempSync(join(tmpdir(), 'crdconv-commonjs-scheme-'))
    try {
      symlinkSync(join(repository, 'node_modules'), join(folder, 'node_modules'))
      if (packageJson !== undefined) {
        writeFileSync(join(folder, 'package.json'), JSON.stringify(packageJson))
      }
      writeFileSync(join(folder, 'widget.ts'), WIDGET)
      writeFileSync(join(folder, 'scheme.ts'), SCHEME)
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [
          bin,
          'crd',
          '--offline',
          '--scheme',
          './scheme.ts',
          '--url',
          'https://x.example/convert',
          '--no-token',
          '-o',
          'json',
        ],
        { cwd: folder }
      )
      expect(JSON.parse(stdout)).toMatchObject({ metadata: { name: 'widgets.example.com' } })
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
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
