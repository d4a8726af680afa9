import { describe, expect, it } from 'vitest'
import { workerBundleModules } from '../../support/worker-bundle-modules.ts'

/** The modules of the build whose code ends up in a Worker made from `source`. */
const bundledModules = (source: string) =>
  workerBundleModules({ stdin: { contents: source, resolveDir: process.cwd() } })

const TOOLING = /^dist\/(cli|cluster|crd|import|init|lambda-local|resources|testing)\//

describe("the package's Worker entry", () => {
  it('crdconv/worker brings no CLI, init, crd, testing or node: module', async () => {
    const modules = await bundledModules("export { workerApp } from 'crdconv/worker'")
    expect(modules).toContain('dist/platform/worker/worker-app.js')
    expect(modules.filter((path) => TOOLING.test(path))).toEqual([])
    expect(modules.filter((path) => path.startsWith('node:'))).toEqual([])
  })

  it('a user Worker with its scheme from crdconv still brings none of them', async () => {
    const modules = await bundledModules(`
      import { createScheme, defineResource } from 'crdconv'
      import { workerApp } from 'crdconv/worker'
      import * as z from 'zod/mini'
      const note = defineResource({
        group: 'example.com',
        kind: 'Note',
        versions: { v1: { schema: z.object({ text: z.optional(z.string()) }), storage: true } },
        converters: [],
      })
      export default workerApp(createScheme([note]))
    `)
    expect(modules).toContain('dist/scheme/resource.js')
    expect(modules.filter((path) => TOOLING.test(path))).toEqual([])
  })
})
