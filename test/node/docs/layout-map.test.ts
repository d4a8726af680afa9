// docs/development.md's map of the tree held to the tree: every source folder of both packages and
// every folder of tools/ is named there, every name there exists, and every source folder says in
// its index.ts's first line what it holds and keeps that file to re-exports; in the tooling, a
// folder is reached from another through that index only.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { moduleImports } from './module-imports.ts'

const repoRoot = resolve(import.meta.dirname, '../../..')

/** The folder table under `## Layout`, before its `###` parts: first cell (no backticks) → the row. */
function layoutRows(): Map<string, string> {
  const markdown = readFileSync(join(repoRoot, 'docs/development.md'), 'utf8')
  const layout = markdown.split(/^## /m).find((part) => part.startsWith('Layout')) ?? ''
  const section = layout.split(/^### /m)[0] ?? ''
  const rows = new Map<string, string>()
  for (const match of section.matchAll(/^\| `([^`]+)` +\|(.*)$/gm)) {
    rows.set(match[1] ?? '', match[2] ?? '')
  }
  return rows
}

/** `src/platform/{worker,lambda,node}` → the three paths it names. */
function expandBraces(name: string): string[] {
  const match = /^(.*)\{([^}]+)\}(.*)$/.exec(name)
  if (match === null) return [name]
  const [, head = '', alternatives = '', tail = ''] = match
  return alternatives.split(',').flatMap((alternative) => expandBraces(head + alternative + tail))
}

/** Every folder below `root` that holds a TypeScript file of its own, relative to `base`. */
function sourceFolders(root: string, base: string): string[] {
  const entries = readdirSync(root, { withFileTypes: true })
  const here = entries.some((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    ? [relative(base, root)]
    : []
  return [
    ...here,
    ...entries
      .filter((entry) => entry.isDirectory())
      .flatMap((entry) => sourceFolders(join(root, entry.name), base)),
  ]
}

const PACKAGES = ['webhook', 'crdconv'] as const

describe('docs/development.md, the layout', () => {
  const rows = layoutRows()

  it.each(PACKAGES)('names every source folder of packages/%s, and only those', (name) => {
    const row = rows.get(`packages/${name}/`) ?? ''
    const named = [...row.matchAll(/`(src\/[^`]+)`/g)].flatMap((match) =>
      expandBraces(match[1] ?? '')
    )
    const packageRoot = join(repoRoot, 'packages', name)
    const folders = sourceFolders(join(packageRoot, 'src'), packageRoot).filter(
      (folder) => folder !== 'src'
    )
    expect(named.sort()).toEqual(folders.sort())
  })

  it('has a row for every folder of tools/, and none for a folder that is gone', () => {
    const named = [...rows.keys()].filter((name) => name.startsWith('tools/'))
    const folders = readdirSync(join(repoRoot, 'tools'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `tools/${entry.name}/`)
    expect(named.sort()).toEqual(folders.sort())
  })

  it('names only folders that exist', () => {
    const missing = [...rows.keys()].filter((name) => !existsSync(join(repoRoot, name)))
    expect(missing).toEqual([])
  })
})

describe('each source folder', () => {
  const folders = PACKAGES.flatMap((name) =>
    sourceFolders(join(repoRoot, 'packages', name, 'src'), repoRoot)
  )

  it.each(folders)('%s opens its index with one line on what it holds', (folder) => {
    // the CLI's folder is the command itself: its entry is main.ts
    const entry = ['index.ts', 'main.ts']
      .map((file) => join(repoRoot, folder, file))
      .find(existsSync)
    expect(entry, `${folder} has no index.ts`).toBeDefined()
    const firstLine = readFileSync(entry ?? '', 'utf8').split('\n')[0] ?? ''
    expect(firstLine).toMatch(/^(\/\*\*|\/\/) \S.{10,}$/)
  })

  it.each(folders.filter((folder) => existsSync(join(repoRoot, folder, 'index.ts'))))(
    '%s keeps its index.ts to re-exports, so the code lives in files named for their job',
    (folder) => {
      const code = readFileSync(join(repoRoot, folder, 'index.ts'), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '')
        .replace(/export\s+(?:type\s+)?(?:\*(?:\s+as\s+\w+)?|\{[^}]*\})\s+from\s+'[^']+';?/g, '')
      expect(code.trim()).toBe('')
    }
  )
})

describe('docs/development.md, the tests', () => {
  const markdown = readFileSync(join(repoRoot, 'docs/development.md'), 'utf8')

  it('has a row for every vitest project, and none for a project that is gone', () => {
    const config = readFileSync(join(repoRoot, 'vitest.config.ts'), 'utf8')
    const projects = [...config.matchAll(/^\s+name: '([\w-]+)',$/gm)].map((match) => match[1])
    const section = markdown.split(/^## /m).find((part) => part.startsWith('Tests')) ?? ''
    const rows = [...section.matchAll(/^\| `([\w-]+)` +\|/gm)].map((match) => match[1])
    expect(rows.sort()).toEqual(projects.sort())
  })

  it('names only npm scripts that exist', () => {
    const scripts = Object.keys(
      (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { scripts: object })
        .scripts
    )
    const named = [...markdown.matchAll(/npm run ([\w:-]+)/g)].map((match) => match[1])
    expect(named.filter((name) => !scripts.includes(name ?? ''))).toEqual([])
  })
})

/**
 * The inner files of a folder that another folder may import past its index.ts, and why: each keeps
 * a heavy or optional dependency out of the modules that load with it.
 */
const PAST_THE_INDEX: Readonly<
  Record<string, { readonly why: string; readonly dynamicOnly: boolean }>
> = {
  'cluster-client/connect-to-cluster.ts': {
    why: 'loads @kubernetes/client-node: imported on use, so commands that never talk to a cluster start without it',
    dynamicOnly: true,
  },
  'cluster-client/read-crd-from-cluster.ts': {
    why: 'connects to the cluster (@kubernetes/client-node): imported on use by --from-cluster',
    dynamicOnly: true,
  },
  'cdk/reserved-concurrency.ts': {
    why: "a constant init's Lambda files share; cdk/index.ts loads aws-cdk-lib, an optional peer",
    dynamicOnly: false,
  },
  'lifecycle/migration-block.ts': {
    why: 'the migration-preflight codes a UsageError may carry (a type): lifecycle/index.ts loads migrate and status, which print through command-io, so importing it there would be a circle',
    dynamicOnly: false,
  },
}

describe('packages/crdconv/src, folder to folder', () => {
  const src = join(repoRoot, 'packages/crdconv/src')
  const files = sourceFolders(src, src).flatMap((folder) =>
    readdirSync(join(src, folder))
      .filter((name) => name.endsWith('.ts'))
      .map((name) => join(folder, name))
  )

  it('imports another folder through its index.ts only', () => {
    const pastTheIndex: string[] = []
    for (const file of files) {
      for (const { specifier, dynamic } of moduleImports(join(src, file))) {
        if (!specifier.startsWith('.')) continue
        const target = relative(src, resolve(src, dirname(file), specifier))
        if (dirname(target) === dirname(file) || target.endsWith('/index.ts')) continue
        const allowed = PAST_THE_INDEX[target]
        if (allowed !== undefined && (dynamic || !allowed.dynamicOnly)) continue
        pastTheIndex.push(`${file} imports ${target}${dynamic ? ' (dynamic)' : ''}`)
      }
    }
    expect(pastTheIndex).toEqual([])
  })
})
