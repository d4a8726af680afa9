import { describe, expect, it } from 'vitest'
import { workerBundleModules } from '../../support/worker-bundle-modules.ts'

const TOOLING = /src\/(cli|cluster|crd|import|init|lambda-local|testing)\//
const CLUSTER_CLIENT = /@kubernetes\/client-node|cli-progress|@clack\/prompts/
// what only the CRD needs of a definition: checkDefinitions, which the tooling runs before deploy
const DEFINITION_CHECKS = /scheme\/(resource-checks|crd-stanza-checks)\.ts$/

describe('the Worker bundle', () => {
  it('holds no node: module and no zod classic: everything below the HTTP app is platform-free and light', async () => {
    const inputs = await workerBundleModules({ entryPoints: ['examples/worker.ts'] })
    expect(inputs).toContain('packages/webhook/src/scheme/convert-object.ts')
    expect(inputs.filter((input) => input.startsWith('node:'))).toEqual([])
    expect(inputs.filter((input) => input.includes('zod/v4/classic'))).toEqual([])
  })
})

describe.each([
  ['Worker', 'examples/worker.ts', 'neutral'],
  ['Lambda', 'examples/lambda.ts', 'node'],
] as const)('the %s bundle', (_name, entry, platform) => {
  it('holds no tooling: no cluster client, CLI, CRD, import, init or test code', async () => {
    const inputs = await workerBundleModules({ entryPoints: [entry] }, platform)
    expect(inputs).toContain('packages/webhook/src/review/answer-review.ts')
    expect(inputs.filter((input) => TOOLING.test(input) || CLUSTER_CLIENT.test(input))).toEqual([])
  })

  it("runs none of the definition's CRD checks at its cold start: the tooling runs them before deploy", async () => {
    const inputs = await workerBundleModules({ entryPoints: [entry] }, platform)
    expect(inputs).toContain('packages/webhook/src/scheme/converter-graph.ts')
    expect(inputs.filter((input) => DEFINITION_CHECKS.test(input))).toEqual([])
  })
})
