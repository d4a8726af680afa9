import { describe, expect, it } from 'vitest'
import { workerBundleModules } from '../../support/worker-bundle-modules.ts'

const workerInputs = () => workerBundleModules({ entryPoints: ['src/platform/worker/worker.ts'] })

describe('the Worker bundle', () => {
  it('holds no node: module and no zod classic: everything below the HTTP app is platform-free and light', async () => {
    const inputs = await workerInputs()
    expect(inputs).toContain('src/scheme/convert-object.ts')
    expect(inputs.filter((input) => input.startsWith('node:'))).toEqual([])
    expect(inputs.filter((input) => input.includes('zod/v4/classic'))).toEqual([])
    expect(inputs.filter((input) => /src\/(cli|crd|testing)\//.test(input))).toEqual([])
  })
})
