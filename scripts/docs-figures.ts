// `npm run docs:figures`: rewrites every generated region of README.md and docs/**/*.md, so no
// figure and no command-line option in the docs is typed by hand:
// `<!-- figures:start NAME -->…<!-- figures:end -->` from bench/results.json, and
// `<!-- generated:start NAME -->…<!-- generated:end -->` from the `crdconv` command's own
// definitions (docs/cli.md). `--check` writes nothing and exits 1 when a region is out of date
// (the docs test does the same in `npm test`).
import { renderOperationsReference } from './operations-reference.ts'
import { renderProblemCodes } from './problem-codes-reference.ts'
import type { Argument, Command, Option } from 'commander'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import * as prettier from 'prettier'
import { renderFigures, type BenchResults } from './bench-figures.ts'

const REGION = /(<!-- (figures|generated):start ([\w-]+) -->\n)([\s\S]*?)(<!-- \2:end -->)/g
const FENCE = /^\s*(`{3,}|~{3,})/

export interface Rewrite {
  readonly text: string
  /** Region names no table has. */
  readonly unknown: readonly string[]
  readonly regions: number
}

/**
 * `markdown` with every figures region outside code blocks filled from `tables`; the result is
 * formatted with prettier and the repository's settings, as `npm run format` would.
 *
 * @example
 * await rewriteFigures('x.md', '<!-- figures:start a -->\n<!-- figures:end -->\n', { a: 'A' })
 * // { text: '<!-- figures:start a -->\n\nA\n\n<!-- figures:end -->\n', unknown: [], regions: 1 }
 */
export async function rewriteFigures(
  path: string,
  markdown: string,
  tables: Record<string, string>
): Promise<Rewrite> {
  const unknown: string[] = []
  let regions = 0
  const parts = splitOutsideFences(markdown).map(({ text, fenced }) =>
    fenced
      ? text
      : text.replace(
          REGION,
          (_all, start: string, _kind: string, name: string, old: string, end: string) => {
            regions++
            const figures = tables[name]
            if (figures === undefined) {
              unknown.push(name)
              return `${start}${old}${end}`
            }
            return `${start}\n${figures}\n\n${end}`
          }
        )
  )
  const options = (await prettier.resolveConfig(path)) ?? {}
  const text = await prettier.format(parts.join(''), { ...options, filepath: path })
  return { text, unknown, regions }
}

/** The text cut into runs outside and inside fenced code blocks. */
function splitOutsideFences(markdown: string): { text: string; fenced: boolean }[] {
  const parts: { text: string; fenced: boolean }[] = []
  let current: string[] = []
  let fence: string | undefined
  for (const line of markdown.split(/(?<=\n)/)) {
    const open = FENCE.exec(line)
    if (fence === undefined && open !== null) {
      parts.push({ text: current.join(''), fenced: false })
      current = [line]
      fence = open[1]
    } else if (
      fence !== undefined &&
      line.trim().startsWith(fence) &&
      /^[`~]+$/.test(line.trim())
    ) {
      current.push(line)
      parts.push({ text: current.join(''), fenced: true })
      current = []
      fence = undefined
    } else {
      current.push(line)
    }
  }
  parts.push({ text: current.join(''), fenced: fence !== undefined })
  return parts
}

/** README.md and every docs/**\/*.md, relative to `root`. */
export function markdownFiles(root: string): string[] {
  const docs = readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.md'))
    .map((path) => `docs/${path.split('\\').join('/')}`)
    .sort()
  return ['README.md', ...docs]
}

export function readResults(root: string): BenchResults {
  return JSON.parse(readFileSync(join(root, 'bench/results.json'), 'utf8')) as BenchResults
}

/** Every table a region can name: the bench's figures, the command-line reference, the problem codes. */
export async function docsTables(root: string): Promise<Record<string, string>> {
  return {
    ...renderFigures(readResults(root)),
    ...renderCliReference(await crdconvProgram(root)),
    ...renderOperationsReference(markdownTable),
    ...renderProblemCodes(markdownTable),
  }
}

/** The `crdconv` command as its bin builds it, with output going nowhere. */
export async function crdconvProgram(root: string): Promise<Command> {
  const { createProgram } = await import('../packages/crdconv/src/cli/main.ts')
  const io = { stdout: () => {}, stderr: () => {}, readStdin: async () => '', cwd: root }
  return createProgram({ io, printDocument: io.stdout, exitCode: 0 })
}

/** The commands `crdconv --help` lists, in its order. */
export function visibleCommands(program: Command): Command[] {
  return program
    .createHelp()
    .visibleCommands(program)
    .filter((command) => command.name() !== 'help')
}

/** The options `crdconv <command> --help` lists, `--help` aside. */
export function visibleOptions(command: Command): Option[] {
  return command.options.filter((option) => !option.hidden)
}

/**
 * The command-line reference of docs/cli.md: `cli-commands`, one row per command, linking to its
 * section, and `cli-<command>`, one row per argument and option of each command.
 */
export function renderCliReference(program: Command): Record<string, string> {
  const commands = visibleCommands(program)
  const tables: Record<string, string> = {
    'cli-commands': markdownTable(
      ['command', 'what it does'],
      commands.map((command) => [
        `[\`${command.name()}\`](#crdconv-${command.name()})`,
        cell(command.description()),
      ])
    ),
  }
  tables['cli-exit-codes'] = markdownTable(
    ['command', 'exit codes (from its `--help`)'],
    commands.map((command) => [
      `[\`${command.name()}\`](#crdconv-${command.name()})`,
      cell(exitCodes(command)),
    ])
  )
  for (const command of commands) {
    tables[`cli-${command.name()}`] = markdownTable(
      ['argument or option', 'default', 'what it does'],
      [
        ...command.registeredArguments.map((argument) => argumentRow(argument)),
        ...visibleOptions(command).map((option) => optionRow(option)),
      ]
    )
  }
  return tables
}

/** What `crdconv <command> --help` prints, its text after the options included. */
export function helpText(command: Command): string {
  let help = ''
  const output = command.configureOutput()
  command.configureOutput({ ...output, writeOut: (text) => void (help += text) })
  command.outputHelp()
  command.configureOutput(output)
  return help
}

/** The "Exit codes: …" paragraph of `crdconv <command> --help`, without its label. */
export function exitCodes(command: Command): string {
  const paragraph = /\nExit codes: ([\s\S]*?)(?:\n\n|\n*$)/.exec(helpText(command))?.[1]
  if (paragraph === undefined) throw new Error(`crdconv ${command.name()} --help has no Exit codes`)
  return paragraph.replace(/\s*\n\s*/g, ' ')
}

function argumentRow(argument: Argument): string[] {
  const name = argument.required ? `<${argument.name()}>` : `[${argument.name()}]`
  const fallback = argument.defaultValue === undefined ? '' : code(argument.defaultValue)
  return [code(name), argument.required ? 'required' : fallback, cell(argument.description)]
}

function optionRow(option: Option): string[] {
  const fallback = option.mandatory
    ? 'required'
    : option.defaultValue === undefined
      ? ''
      : code(option.defaultValue)
  const choices =
    option.argChoices === undefined ? '' : `: ${option.argChoices.map(code).join(' or ')}`
  return [code(option.flags), fallback, `${cell(option.description)}${choices}`]
}

const code = (value: unknown) => `\`${String(value)}\``
/** Text for a table cell: one line, pipes escaped. */
const cell = (text: string) => text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|')

function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n')
}

async function main(argv: readonly string[]): Promise<number> {
  const root = resolve(import.meta.dirname, '..')
  const check = argv.includes('--check')
  const tables = await docsTables(root)
  let stale = 0
  for (const file of markdownFiles(root)) {
    const path = join(root, file)
    const before = readFileSync(path, 'utf8')
    const { text, unknown } = await rewriteFigures(path, before, tables)
    for (const name of unknown) console.error(`${file}: no figures named "${name}"`)
    if (unknown.length > 0) return 1
    if (text === before) continue
    stale++
    if (check) console.error(`${file}: generated regions differ: run npm run docs:figures`)
    else writeFileSync(path, text)
    if (!check) console.log(`${file}: generated regions rewritten`)
  }
  return check && stale > 0 ? 1 : 0
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(process.argv.slice(2))
}
