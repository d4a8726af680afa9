// The Worker of an imported cluster-api Machine: the CRD's descriptions stay in the module only
// crdconv's commands load (machine.descriptions.ts), so the bundle carries none of their text and
// stays within the Worker's size target.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gzippedBytes, SIZE_CEILINGS } from '../../../bench/targets.ts'
import { importCrds, readCrdDocuments } from '../../../packages/crdconv/src/import/index.ts'
import { crdSchemaDescriptions, scratchProject, writeFiles } from '../../support/import-project.ts'
import { workerBundle } from '../../support/worker-bundle-modules.ts'

const machines = resolve(
  import.meta.dirname,
  '../../../../shared/crds/cluster-api/cluster.x-k8s.io_machines.yaml'
)

describe('the Worker of an imported cluster-api Machine', { timeout: 120_000 }, () => {
  const project = scratchProject()
  const text = readFileSync(machines, 'utf8')
  let worker: { code: Uint8Array; modules: string[] }

  beforeAll(async () => {
    const { files } = await importCrds(text, { layout: 'project' })
    writeFiles(project.directory, files)
    worker = await workerBundle(
      {
        stdin: {
          contents: `import { workerApp } from '@crdconv/webhook/worker'
            import { scheme } from './src/resources/machine.ts'
            export default workerApp(scheme)`,
          resolveDir: project.directory,
          loader: 'ts',
        },
      },
      'neutral',
      true
    )
  })
  afterAll(() => project.remove())

  it('bundles the schema module but not its descriptions module', () => {
    expect(worker.modules).toEqual(
      expect.arrayContaining([expect.stringMatching(/\/src\/resources\/machine\.ts$/)])
    )
    expect(worker.modules.filter((module) => module.includes('.descriptions.'))).toEqual([])
  })

  it('carries none of the CRD’s description texts', () => {
    const descriptions = readCrdDocuments(text).crds.flatMap(({ crd }) =>
      crdSchemaDescriptions(crd)
    )
    expect(descriptions.length).toBeGreaterThan(100)
    const code = new TextDecoder().decode(worker.code)
    const carried = descriptions.filter((description) =>
      code.includes(JSON.stringify(description).slice(1, -1))
    )
    expect(carried).toEqual([])
  })

  it(`is at most ${SIZE_CEILINGS.scaffoldWorkerGzipBytes / 1024} KiB gzipped, minified as wrangler deploy uploads it`, () => {
    expect(gzippedBytes(worker.code)).toBeLessThanOrEqual(SIZE_CEILINGS.scaffoldWorkerGzipBytes)
  })
})
