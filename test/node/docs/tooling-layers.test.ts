// docs/development.md's layers of packages/crdconv/src held to eslint.config.js and to the tree:
// the table names every folder once, eslint refuses exactly the layers above each folder, a lower
// folder importing a higher one fails the lint, and no import the rule cannot see goes up.
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'
import { moduleImports } from './module-imports.ts'

const repoRoot = resolve(import.meta.dirname, '../../..')
const src = join(repoRoot, 'packages/crdconv/src')

interface Layer {
  readonly name: string
  readonly folders: readonly string[]
}

/** The rows under `### The tooling's layers`, lowest first. */
function documentedLayers(): Layer[] {
  const markdown = readFileSync(join(repoRoot, 'docs/development.md'), 'utf8')
  const section =
    markdown.split(/^#{2,3} /m).find((part) => part.startsWith("The tooling's layers")) ?? ''
  return [...section.matchAll(/^\| `([\w-]+)` +\| (`[^|]+`) +\|/gm)].map((match) => ({
    name: match[1] ?? '',
    folders: [...(match[2] ?? '').matchAll(/`([\w-]+)`/g)].map((folder) => folder[1] ?? ''),
  }))
}

const layers = documentedLayers()
const layerOf = new Map(
  layers.flatMap((layer, rank) => layer.folders.map((folder) => [folder, rank] as const))
)
const sourceFolders = readdirSync(src, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const eslint = new ESLint({ cwd: repoRoot })

/** The folders the layer rule refuses to a file of `folder`, read from its eslint config. */
async function refusedFolders(folder: string): Promise<string[]> {
  const config = (await eslint.calculateConfigForFile(join(src, folder, 'any-file.ts'))) as {
    rules?: Record<string, [unknown, { patterns?: { regex?: string }[] }?]>
  }
  const patterns = config.rules?.['no-restricted-imports']?.[1]?.patterns ?? []
  const layerPattern = patterns.find((pattern) => pattern.regex?.startsWith('^\\.\\./('))
  return /\(([^)]+)\)/.exec(layerPattern?.regex ?? '')?.[1]?.split('|') ?? []
}

/** The layer rule's messages when a file of `from` imports `../to/index.ts`. */
async function layerErrors(from: string, to: string): Promise<string[]> {
  const [result] = await eslint.lintText(
    `import * as imported from '../${to}/index.ts'\nexport { imported }\n`,
    { filePath: join(src, from, 'layer-fixture.ts') }
  )
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message)
}

describe("docs/development.md, the tooling's layers", () => {
  it('names every folder of packages/crdconv/src in exactly one layer, and no other', () => {
    const named = layers.flatMap((layer) => layer.folders)
    expect([...named].sort()).toEqual([...sourceFolders].sort())
    expect(new Set(named).size).toBe(named.length)
  })

  it.each(sourceFolders)(
    '%s: eslint refuses exactly the folders of the layers above it',
    async (folder) => {
      const rank = layerOf.get(folder) ?? -1
      const above = layers.slice(rank + 1).flatMap((layer) => layer.folders)
      expect((await refusedFolders(folder)).sort()).toEqual([...above].sort())
    }
  )
})

describe('the layer rule, on a file that imports another folder', () => {
  it.each([
    ['crd', 'cluster-client'],
    ['http-client', 'command-io'],
    ['cluster-client', 'command-io'],
    ['command-io', 'path-token'],
    ['path-token', 'init'],
    ['corpus', 'testing'],
    ['testing', 'check'],
    ['lifecycle', 'cli'],
  ])(
    'fails the lint when %s (lower) imports %s (higher), naming both layers',
    async (lower, higher) => {
      const errors = await layerErrors(lower, higher)
      expect(errors).toHaveLength(1)
      expect(errors[0]).toContain(`layer ${layers[layerOf.get(lower) ?? -1]?.name}`)
      expect(errors[0]).toContain(layers[layerOf.get(higher) ?? -1]?.name)
    }
  )

  it.each([
    ['cluster-client', 'crd'],
    ['command-io', 'http-client'],
    ['init', 'path-token'],
    ['check', 'testing'],
    ['cli', 'lifecycle'],
    ['lifecycle', 'webhook-health'],
    ['path-token', 'corpus'],
  ])('lets %s import %s (its own layer or a lower one)', async (from, to) => {
    expect(await layerErrors(from, to)).toEqual([])
  })
})

describe('packages/crdconv/src, imports the rule does not see', () => {
  // a type only, with an eslint-disable comment saying why (docs/development.md)
  const UPWARD_ON_PURPOSE = ['command-io/usage-error.ts imports lifecycle/migration-block.ts']

  it('sends no import up a layer, dynamic import() and import() types included', () => {
    const upward: string[] = []
    for (const folder of sourceFolders) {
      for (const name of readdirSync(join(src, folder)).filter((file) => file.endsWith('.ts'))) {
        for (const { specifier } of moduleImports(join(src, folder, name))) {
          if (!specifier.startsWith('../')) continue
          const target = relative(src, resolve(src, folder, specifier))
          const targetFolder = dirname(target).split('/')[0] ?? ''
          if ((layerOf.get(targetFolder) ?? -1) > (layerOf.get(folder) ?? -1)) {
            upward.push(`${folder}/${name} imports ${target}`)
          }
        }
      }
    }
    expect(upward).toEqual(UPWARD_ON_PURPOSE)
  })
})
