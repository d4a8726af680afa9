// What a user's Worker bundle takes from the published @crdconv/webhook: its dist/, hono and zod,
// and nothing of the tooling, the round-trip kit, the CRD builder or another platform.
import { readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { workerBundleModules } from '../../support/worker-bundle-modules.ts'

const webhook = resolve('packages/webhook')
const { exports } = JSON.parse(readFileSync(join(webhook, 'package.json'), 'utf8')) as {
  exports: Record<string, { default: string }>
}
const dist = `${relative(process.cwd(), webhook)}/dist/`

/**
 * The built module a bundler picks for `@crdconv/webhook<path>` in a user's project (the exports
 * map's `default`): this repository's `crdconv-source` condition would give the sources instead.
 */
const built = (path: '.' | './worker') =>
  JSON.stringify(join(webhook, exports[path]?.default ?? `missing export ${path}`))

/** The modules whose code ends up in a Worker made from `source`. */
const bundledModules = (source: string) =>
  workerBundleModules({ stdin: { contents: source, resolveDir: process.cwd() } })

/**
 * Modules a Worker bundle may hold: the user's own, the webhook's runtime layers, of the metrics
 * only what its Analytics Engine writer uses (no Prometheus text, no histograms), hono and zod.
 */
const RUNTIME = new RegExp(
  `^(<stdin>$|${dist}(index|json|scheme|review|http|platform/worker)[./]|` +
    `${dist}metrics/(metric-catalog|conversion-labels|analytics-engine)\\.js$|` +
    `node_modules/(hono|zod)/)`
)

describe('a Worker bundled from the published @crdconv/webhook', () => {
  it('from @crdconv/webhook/worker holds only the runtime layers, hono and zod', async () => {
    const modules = await bundledModules(`export { workerApp } from ${built('./worker')}`)
    expect(modules).toContain(`${dist}platform/worker/worker-app.js`)
    expect(modules).toEqual(
      expect.arrayContaining([expect.stringMatching(/^node_modules\/hono\//)])
    )
    expect(modules.filter((path) => !RUNTIME.test(path))).toEqual([])
  })

  it('with a user scheme from @crdconv/webhook still holds nothing else', async () => {
    const modules = await bundledModules(`
      import { createScheme, defineResource } from ${built('.')}
      import { workerApp } from ${built('./worker')}
      import * as z from 'zod/mini'
      const note = defineResource({
        group: 'example.com',
        kind: 'Note',
        versions: { v1: { schema: z.object({ text: z.optional(z.string()) }), storage: true } },
        converters: [],
      })
      export default workerApp(createScheme([note]))
    `)
    expect(modules).toContain(`${dist}scheme/resource.js`)
    expect(modules).toEqual(expect.arrayContaining([expect.stringMatching(/^node_modules\/zod\//)]))
    expect(modules.filter((path) => !RUNTIME.test(path))).toEqual([])
    // the CRD keywords the main entry exports beside defineResource cost a scheme that states none nothing
    expect(
      modules.filter((path) => /\/(cel-rules|crd-keywords|root-fields)\.js$/.test(path))
    ).toEqual([])
  })
})
