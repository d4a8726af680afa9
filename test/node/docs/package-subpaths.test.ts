// docs/package.md's table of subpaths held to both packages' `exports` maps: a row for every
// import a user can write, and no row for one that does not exist.
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const repoRoot = resolve(import.meta.dirname, '../../..')

interface Manifest {
  readonly name: string
  readonly exports: Record<string, unknown>
}

/** Every import specifier a package's `exports` offers, `package.json` aside. */
function importsOf(folder: string): string[] {
  const manifest = JSON.parse(
    readFileSync(join(repoRoot, 'packages', folder, 'package.json'), 'utf8')
  ) as Manifest
  return Object.keys(manifest.exports)
    .filter((subpath) => subpath !== './package.json')
    .map((subpath) => (subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`))
}

/** The first cells of the table under `## Subpaths`, without their backticks. */
function documentedImports(markdown: string): string[] {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('Subpaths')) ?? ''
  return [...section.matchAll(/^\| `([^`]+)` +\|/gm)].map((match) => match[1] ?? '')
}

describe('docs/package.md', () => {
  const documented = documentedImports(readFileSync(join(repoRoot, 'docs/package.md'), 'utf8'))

  it('has one row per import of @crdconv/webhook and crdconv, in the order of their exports', () => {
    expect(documented).toEqual([...importsOf('webhook'), ...importsOf('crdconv')])
  })
})

describe('every subpath a user imports', () => {
  const entries = ['webhook', 'crdconv'].flatMap((folder) => {
    const manifest = JSON.parse(
      readFileSync(join(repoRoot, 'packages', folder, 'package.json'), 'utf8')
    ) as Manifest
    return Object.entries(manifest.exports)
      .filter(([subpath]) => subpath !== './package.json')
      .map(([subpath, targets]) => {
        const source = (targets as Record<string, string>)['crdconv-source'] ?? ''
        return [`${manifest.name}${subpath.slice(1)}`, join(repoRoot, 'packages', folder, source)]
      })
  })

  it.each(entries)(
    '%s opens with a module comment (@module): what the subpath holds, for editors and doc generators',
    (_name, source) => {
      const opening = /^\/\*\*[\s\S]*?\*\//.exec(readFileSync(source, 'utf8'))?.[0] ?? ''
      expect(opening).toMatch(/@module\b/)
    }
  )
})
