// docs/cli.md held to the `crdconv` command's own definitions (commander's): a section and a row
// for every command, every option named in its command's section, and no option named that the
// command does not have. The option tables themselves are generated (`npm run docs:figures`) and
// held current by docs-figures.test.ts; this test holds the prose around them.
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { crdconvProgram, visibleCommands, visibleOptions } from '../../../scripts/docs-figures.ts'

const repoRoot = resolve(import.meta.dirname, '../../..')
const page = readFileSync(join(repoRoot, 'docs/cli.md'), 'utf8')
const program = await crdconvProgram(repoRoot)
const commands = visibleCommands(program)
const names = commands.map((command) => command.name())

/** Flags every command has without declaring them, and the program's own (`--version`). */
const BUILT_IN = new Set(['--help', ...program.options.flatMap((option) => option.long ?? [])])

/** The page cut at its `## ` headings: the text before the first, and each section by heading. */
function sectionsOf(markdown: string): { preamble: string; sections: Map<string, string> } {
  const [preamble = '', ...rest] = markdown.split(/^(?=## )/m)
  const sections = new Map<string, string>()
  for (const section of rest) {
    const heading = (section.split('\n', 1)[0] ?? '').replace(/^## /, '').replace(/`/g, '')
    sections.set(heading.trim(), section)
  }
  return { preamble, sections }
}

/** Every long flag a text names (`--url`, `--ca-bundle`), in code or prose. */
function flagsIn(text: string): Set<string> {
  return new Set(text.match(/(?<![\w-])--[a-z][a-z0-9-]*/g) ?? [])
}

/**
 * The flags a section names, each with the command it is given to: the section's own, except
 * right after `crdconv <other command>`, up to the end of the line or of the inline code span
 * (an example that pipes one command into another, a sentence that names one).
 */
function flagsByCommand(text: string, own: string): [command: string, flag: string][] {
  const invocation = new RegExp(`\\bcrdconv (${names.join('|')})\\b`, 'g')
  const found: [string, string][] = []
  const add = (command: string, part: string) => {
    for (const flag of flagsIn(part)) found.push([command, flag])
  }
  for (const line of text.split('\n')) {
    // split with a capture group: [before, command, after, command, after, ...]
    const parts = line.split(invocation)
    add(own, parts[0] ?? '')
    for (let index = 1; index < parts.length; index += 2) {
      const after = parts[index + 1] ?? ''
      const end = after.includes('`') ? after.indexOf('`') : after.length
      add(parts[index] ?? own, after.slice(0, end))
      add(own, after.slice(end))
    }
  }
  return found
}

const { preamble, sections } = sectionsOf(page)
const sectionOf = (name: string) => sections.get(`crdconv ${name}`) ?? ''
const optionsOf = (name: string) =>
  new Set(
    visibleOptions(commands.find((command) => command.name() === name)!).map(
      (option) => option.long ?? ''
    )
  )

describe('docs/cli.md and the crdconv command', () => {
  it('walks the commands the issue names, at least', () => {
    expect(names).toEqual(
      expect.arrayContaining([
        'init',
        'crd',
        'import',
        'convert',
        'review',
        'probe',
        'check',
        'serve',
        'lambda-local',
        'status',
        'migrate',
        'retire',
      ])
    )
  })

  it('has a `## crdconv <command>` section for every command, and no other', () => {
    const documented = [...sections.keys()].filter((heading) => heading.startsWith('crdconv '))
    expect(documented.map((heading) => heading.replace('crdconv ', ''))).toEqual(names)
  })

  it('lists every command in the command table, linked to its section', () => {
    const missing = names.filter((name) => !preamble.includes(`(#crdconv-${name})`))
    expect(missing).toEqual([])
  })

  it.each(names)('names every option of `%s` in its section', (name) => {
    const named = flagsIn(sectionOf(name))
    expect([...optionsOf(name)].filter((flag) => !named.has(flag))).toEqual([])
  })

  it.each(names)('names no option in the `%s` section that the command does not have', (name) => {
    const strangers = flagsByCommand(sectionOf(name), name)
      .filter(([command, flag]) => !optionsOf(command).has(flag) && !BUILT_IN.has(flag))
      .map(([command, flag]) => `${command} ${flag}`)
    expect(strangers).toEqual([])
  })

  it('names no option elsewhere on the page that no command has', () => {
    const every = new Set(names.flatMap((name) => [...optionsOf(name)]))
    const elsewhere = [preamble, ...sections]
      .map((entry) =>
        typeof entry === 'string' ? entry : entry[0].startsWith('crdconv ') ? '' : entry[1]
      )
      .join('\n')
    const strangers = [...flagsIn(elsewhere)].filter(
      (flag) => !every.has(flag) && !BUILT_IN.has(flag)
    )
    expect(strangers).toEqual([])
  })
})
