// The project's own `npm test` after `crdconv import --into .` of an XRD: tsc, the Worker and the
// server bundles, and its vitest (the XRD's round-trip test, the scheme test over the XR and the
// claim, the Worker and the server answering both kinds) pass as written, with the repository's
// packages standing in for the project's install.
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { run } from '../../support/consumer-project.ts'
import { crdconv } from '../cli/run-cli.ts'

const LEGACY_XRD = join(import.meta.dirname, 'fixtures', 'xpostgres-v1.yaml')
const parent = mkdtempSync(join(tmpdir(), 'crdconv-xrd-npm-test-'))
afterAll(() => rmSync(parent, { recursive: true, force: true }))

// wrangler, esbuild, tsc and two vitest pools: minutes on a busy machine
describe('npm test of a project an XRD was imported into', { timeout: 600_000 }, () => {
  it('passes, with the round-trip test of the XRD among its files', async () => {
    const flags = ['--group', 'example.com', '--kind', 'CronTab', '--versions', 'v1beta1,v1']
    const init = await crdconv(['init', 'webhook', ...flags, '--aws', 'sam'], { cwd: parent })
    expect(init.code, init.stderr).toBe(0)
    const project = join(parent, 'webhook')
    const imported = await crdconv(['import', LEGACY_XRD, '--into', '.'], { cwd: project })
    expect(imported.code, imported.stderr).toBe(0)
    symlinkSync(
      resolve(import.meta.dirname, '../../../node_modules'),
      join(project, 'node_modules')
    )
    const tested = await run('npm', ['test'], project)
    expect(tested.code, `${tested.stdout}\n${tested.stderr}`).toBe(0)
    expect(tested.stdout).toMatch(/✓ .*test\/resources\/x-postgres-instance\.test\.ts/)
    expect(tested.stdout).toMatch(/✓ .*test\/scheme\.test\.ts/)
  })
})
