import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

const repository = join(import.meta.dirname, '../../..')
const builtLoader = pathToFileURL(join(repository, 'packages/crdconv/dist/cli/load-scheme.js')).href
const builtCrds = pathToFileURL(join(repository, 'packages/crdconv/dist/crd/index.js')).href

const widget = (kind: string): string => `import { z } from 'zod'
import { crdKeywords, defineResource } from '@crdconv/webhook'

export const widget = defineResource({
  group: 'example.com',
  kind: '${kind}',
  versions: {
    v1: {
      schema: z.object({
        spec: z.object({ name: z.string().describe('What the widget is called.').register(crdKeywords, { maxLength: 64 }) }),
      }),
      storage: true,
    },
  },
  converters: [],
})
`
const SCHEME = `import { createScheme } from '@crdconv/webhook'
import { widget } from './widget'

export const scheme = createScheme([widget])
`

// Loads the scheme as `crdconv dev` does on each save (fresh), with plain node and the built
// package, and prints the kind and the CRD's spec.name property each time.
const RELOADS = `
import { writeFileSync } from 'node:fs'
import { loadScheme } from '${builtLoader}'
import { buildResourceCrds } from '${builtCrds}'
const [folder, edited] = process.argv.slice(1)
const seen = []
for (const edit of [undefined, edited]) {
  if (edit !== undefined) writeFileSync(folder + '/widget.ts', edit)
  const scheme = await loadScheme(undefined, folder, { fresh: true })
  const { crds } = buildResourceCrds(scheme.resources, { url: 'https://x.example/convert' })
  const root = crds[0].spec.versions[0].schema.openAPIV3Schema
  seen.push({ kind: scheme.resources[0].identity.kind, name: root.properties.spec.properties.name })
}
console.log(JSON.stringify(seen))
`

describe('a scheme loaded again after an edit (crdconv dev)', () => {
  let folder = ''
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'crdconv-scheme-reload-'))
    symlinkSync(join(repository, 'node_modules'), join(folder, 'node_modules'))
    writeFileSync(join(folder, 'widget.ts'), widget('Widget'))
    writeFileSync(join(folder, 'scheme.ts'), SCHEME)
  })
  afterEach(() => rmSync(folder, { recursive: true, force: true }))

  it('reads an edited module the scheme imports, and keeps every description and check in the CRD', async () => {
    writeFileSync(
      join(folder, 'package.json'),
      JSON.stringify({ type: 'module', crdconv: { scheme: 'scheme.ts' } })
    )
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--input-type=module', '-e', RELOADS, folder, widget('Gadget')],
      { cwd: folder }
    )
    const expected = { type: 'string', maxLength: 64, description: 'What the widget is called.' }
    expect(JSON.parse(stdout)).toEqual([
      { kind: 'Widget', name: expected },
      { kind: 'Gadget', name: expected },
    ])
  }, 180_000)
})
