import { build } from 'esbuild'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/** The modules the CLI loads before any command runs: its entry chunk, dynamic imports apart. */
async function cliStartupInputs(): Promise<string[]> {
  const result = await build({
    entryPoints: ['packages/crdconv/src/cli/main.ts'],
    bundle: true,
    splitting: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'node',
    conditions: ['crdconv-source'],
    outdir: mkdtempSync(join(tmpdir(), 'crdconv-cli-chunks-')),
    logLevel: 'silent',
  })
  // the entry chunk and every chunk it imports statically; dynamic imports load on use
  const outputs = result.metafile.outputs
  const entry = Object.keys(outputs).find(
    (path) => outputs[path]?.entryPoint === 'packages/crdconv/src/cli/main.ts'
  )
  const loaded = new Set<string>()
  const visit = (path: string) => {
    if (loaded.has(path)) return
    loaded.add(path)
    for (const imported of outputs[path]?.imports ?? []) {
      if (imported.kind === 'import-statement' && !imported.external) visit(imported.path)
    }
  }
  if (entry !== undefined) visit(entry)
  return [...loaded].flatMap((path) => Object.keys(outputs[path]?.inputs ?? {}))
}

describe('the CLI at start-up', () => {
  it(
    'loads @kubernetes/client-node only when a command talks to a cluster',
    { timeout: 30_000 },
    async () => {
      const inputs = await cliStartupInputs()
      expect(inputs).toContain('packages/crdconv/src/cli/migrate-command.ts')
      expect(inputs.filter((input) => input.includes('@kubernetes/client-node'))).toEqual([])
    }
  )
})
