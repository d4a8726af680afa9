// What a scaffold's tests take from the published crdconv/testing: the Worker's round-trip test
// imports it inside workerd (the Workers pool bundles it for workerd), so it may load nothing of
// the command (the cluster client, commander, yaml, prettier, tsx, prompts) and no Node built-in.
import { readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { workerBundleModules } from '../../support/worker-bundle-modules.ts'

const tooling = resolve('packages/crdconv')
const webhook = resolve('packages/webhook')
const { exports } = JSON.parse(readFileSync(join(tooling, 'package.json'), 'utf8')) as {
  exports: Record<string, { default: string }>
}
const dist = (folder: string) => `${relative(process.cwd(), folder)}/dist/`

/** The built module a scaffold's bundler picks for `crdconv/testing` (the exports map's `default`). */
const builtKit = JSON.stringify(join(tooling, exports['./testing']?.default ?? 'missing ./testing'))

/**
 * The kit, the CRD schemas it generates from, the schema differences that pick a scheme's version
 * pairs for coverage (pure, like the CRD schemas), how its reports count (wording, pure), the runtime's pure layers it converts with (their
 * sources here, where the bundler asks for the `crdconv-source` condition), and their libraries.
 */
const KIT = new RegExp(
  `^(<stdin>$|${dist(tooling)}(testing|crd|diff|wording)/|` +
    `${relative(process.cwd(), webhook)}/(dist|src)/(index|json|scheme|review)[./]|` +
    `node_modules/(zod|fast-check|pure-rand)/)`
)

describe('crdconv/testing bundled for workerd, as a scaffold’s Worker test loads it', () => {
  it('holds the kit, the CRD schemas, the runtime’s pure layers, zod and fast-check, nothing of the command', async () => {
    const modules = await workerBundleModules({
      stdin: { contents: `export * from ${builtKit}`, resolveDir: process.cwd() },
    })
    expect(modules).toContain(`${dist(tooling)}testing/entry-round-trips.js`)
    expect(modules).toEqual(
      expect.arrayContaining([expect.stringMatching(/^node_modules\/fast-check\//)])
    )
    expect(modules.filter((path) => !KIT.test(path))).toEqual([])
  })
})
