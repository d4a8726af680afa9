import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { crdconv } from '../cli/run-cli.ts'

const fixtures = join(import.meta.dirname, 'fixtures')
const everyFeature = join(fixtures, 'every-feature-crd.yaml')
const lossy = join(fixtures, 'metadata-description-crd.yaml')
const scratch = () => mkdtempSync(join(tmpdir(), 'crdconv-import-cli-'))

describe('crdconv import', () => {
  it('writes a module and its round-trip test per kind into --out, formatted', async () => {
    const out = join(scratch(), 'resources')
    const run = await crdconv(['import', everyFeature, '--out', out])
    expect(run).toMatchObject({ code: 0, stdout: '' })
    expect(run.stderr).toContain(`wrote ${join(out, 'widget.ts')}`)
    const module = readFileSync(join(out, 'widget.ts'), 'utf8')
    expect(module).toContain('export const WidgetV1 = z')
    expect(module).toContain('export const widget = defineResource({')
    expect(readFileSync(join(out, 'widget.test.ts'), 'utf8')).toContain(
      'expectLosslessRoundTrips(widget)'
    )
  })

  it('reads stdin for -', async () => {
    const out = scratch()
    const run = await crdconv(['import', '-', '--out', out], {
      stdin: readFileSync(everyFeature, 'utf8'),
    })
    expect(run.code).toBe(0)
    expect(existsSync(join(out, 'widget.ts'))).toBe(true)
  })

  it('overwrites nothing without --force', async () => {
    const out = scratch()
    writeFileSync(join(out, 'widget.ts'), 'mine')
    const run = await crdconv(['import', everyFeature, '--out', out])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('--force overwrites')
    expect(readFileSync(join(out, 'widget.ts'), 'utf8')).toBe('mine')
    expect(existsSync(join(out, 'widget.test.ts'))).toBe(false)
    expect((await crdconv(['import', everyFeature, '--out', out, '--force'])).code).toBe(0)
  })

  it('exits 2 on bad input with the document, the path and the reason, and writes nothing', async () => {
    const directory = scratch()
    const input = join(directory, 'mixed.yaml')
    writeFileSync(
      input,
      `${readFileSync(everyFeature, 'utf8')}\n---\napiVersion: v1\nkind: Secret\n`
    )
    const run = await crdconv(['import', input, '--out', join(directory, 'out')])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('document 1, .kind: not a CRD: kind is "Secret"')
    expect(existsSync(join(directory, 'out'))).toBe(false)
  })

  it('refuses, naming path and keyword, what the module would not give back; --lossy warns', async () => {
    const out = scratch()
    const refused = await crdconv(['import', lossy, '--out', out])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain(
      '.spec.versions.v1.schema.openAPIV3Schema.properties.metadata: cannot be carried: description'
    )
    expect(existsSync(join(out, 'note.ts'))).toBe(false)
    const written = await crdconv(['import', lossy, '--out', out, '--lossy'])
    expect(written.code).toBe(0)
    expect(written.stderr).toContain('warning: document 0, .spec.versions.v1')
    expect(existsSync(join(out, 'note.ts'))).toBe(true)
  })

  it('--check prints nothing and exits 0 for a faithful import, and the difference with exit 1', async () => {
    const faithful = await crdconv(['import', '--check', everyFeature])
    expect(faithful).toMatchObject({ code: 0, stdout: '' })
    expect(faithful.stderr).toContain('widgets.example.com: regenerates as it is')
    const different = await crdconv(['import', '--check', lossy])
    expect(different.code).toBe(1)
    expect(different.stdout).toContain(
      '.properties.metadata: description is "Standard object metadata." in the input, absent when regenerated'
    )
  })
})
