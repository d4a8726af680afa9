import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'

/** Every module `import 'crdconv/worker'` brings into a Worker, from the build, as wrangler bundles it. */
async function builtWorkerInputs(): Promise<string[]> {
  const result = await build({
    stdin: { contents: "export { workerApp } from 'crdconv/worker'", resolveDir: process.cwd() },
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    conditions: ['workerd', 'worker', 'browser'],
    logLevel: 'silent',
  })
  return Object.keys(result.metafile.inputs)
}

describe("the package's crdconv/worker entry", () => {
  it('pulls in no CLI, init, crd, testing or node: module', async () => {
    const inputs = await builtWorkerInputs()
    expect(inputs).toContain('dist/scheme/convert-object.js')
    expect(
      inputs.filter((input) => /^dist\/(cli|init|crd|testing|resources)\//.test(input))
    ).toEqual([])
    expect(inputs.filter((input) => input.startsWith('node:'))).toEqual([])
  })
})
