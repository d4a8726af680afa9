// docs/development.md's table of where each command's code is, held to the program: a row for
// every command main.ts registers and none for a command that is gone, each naming a folder that
// exists and that the command's own cli/<command>-command.ts imports.
import { existsSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { crdconvProgram } from '../../../scripts/docs-figures.ts'
import { resolvedImports } from './module-imports.ts'

const repoRoot = resolve(import.meta.dirname, '../../..')
const cliFolder = join(repoRoot, 'packages/crdconv/src/cli')

/** The rows under `### Where each command's code is`: command → the folder of its logic. */
function commandFolders(): Map<string, string> {
  const markdown = readFileSync(join(repoRoot, 'docs/development.md'), 'utf8')
  const section =
    markdown.split(/^#{2,3} /m).find((part) => part.startsWith("Where each command's code is")) ??
    ''
  const rows = new Map<string, string>()
  for (const match of section.matchAll(/^\| `([\w-]+)` +\| `([^`]+)` +\|/gm)) {
    rows.set(match[1] ?? '', match[2] ?? '')
  }
  return rows
}

const names = (await crdconvProgram(repoRoot)).commands.map((command) => command.name())
const rows = commandFolders()

describe("docs/development.md, where each command's code is", () => {
  it('has a row for every command of crdconv, and none for a command that is gone', () => {
    expect([...rows.keys()].sort()).toEqual([...names].sort())
  })

  it.each(names)('%s: names a folder that exists and that its *-command.ts imports', (name) => {
    const folder = rows.get(name) ?? ''
    expect(existsSync(join(repoRoot, folder, 'index.ts')), `${folder}/index.ts`).toBe(true)
    const commandFile = join(cliFolder, `${name}-command.ts`)
    expect(existsSync(commandFile), relative(repoRoot, commandFile)).toBe(true)
    const imported = resolvedImports(commandFile, repoRoot).map((file) => relative(repoRoot, file))
    expect(imported).toContain(`${folder}/index.ts`)
  })
})
