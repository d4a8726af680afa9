// The CLI is the edge of the tooling: cli/ imports the domain folders and command-io/, never the
// other way. A domain folder that reached into cli/ (or wired commander itself) would tie its
// logic to the command line and bring back the import circle through it.
import { readdirSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { moduleImports } from './module-imports.ts'

const src = resolve(import.meta.dirname, '../../../packages/crdconv/src')

/** Every TypeScript file of packages/crdconv/src outside cli/, relative to src. */
const belowTheCli = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts') && !file.startsWith('cli/'))
  .sort()

/** What `file` imports, as `file imports <what>`, where `reaches` says it must not. */
function importsThat(reaches: (target: string, specifier: string) => boolean): string[] {
  return belowTheCli.flatMap((file) =>
    moduleImports(join(src, file)).flatMap(({ specifier }) => {
      const target = specifier.startsWith('.')
        ? relative(src, resolve(src, dirname(file), specifier))
        : specifier
      return reaches(target, specifier) ? [`${file} imports ${target}`] : []
    })
  )
}

describe('packages/crdconv/src below the CLI', () => {
  it('finds the folders it checks', () => {
    expect(belowTheCli).toContain('command-io/index.ts')
    expect(belowTheCli).toContain('lifecycle/index.ts')
  })

  it('imports nothing from cli/: the domains and command-io sit below the command line', () => {
    expect(importsThat((target) => target.startsWith('cli/'))).toEqual([])
  })

  it('never imports commander: options and their wiring stay in cli/', () => {
    expect(
      importsThat((_, specifier) => specifier === 'commander' || specifier.startsWith('commander/'))
    ).toEqual([])
  })
})
