import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'

/** Every module whose code ends up in the Worker bundle, as esbuild bundles it for workerd. */
async function workerInputs(): Promise<string[]> {
  const result = await build({
    entryPoints: ['src/platform/worker/worker.ts'],
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    conditions: ['workerd', 'worker', 'browser'],
    logLevel: 'silent',
  })
  // inputs read but shaken out entirely (re-exports of the public entry) add no byte
  return Object.values(result.metafile.outputs).flatMap((output) =>
    Object.entries(output.inputs)
      .filter(([, input]) => input.bytesInOutput > 0)
      .map(([path]) => path)
  )
}

describe('the Worker bundle', () => {
  it('holds no node: module and no zod classic: everything below the HTTP app is platform-free and light', async () => {
    const inputs = await workerInputs()
    expect(inputs).toContain('src/scheme/convert-object.ts')
    expect(inputs.filter((input) => input.startsWith('node:'))).toEqual([])
    expect(inputs.filter((input) => input.includes('zod/v4/classic'))).toEqual([])
    expect(inputs.filter((input) => /src\/(cli|crd|testing)\//.test(input))).toEqual([])
  })
})
