// `npm run docs:figures`: rewrites every `<!-- figures:start NAME -->…<!-- figures:end -->` region
// of README.md and docs/**/*.md from bench/results.json, so no figure in the docs is typed by
// hand. `--check` writes nothing and exits 1 when a region is out of date (the docs test does the
// same in `npm test`).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import * as prettier from 'prettier'
import { renderFigures, type BenchResults } from './bench-figures.ts'

const REGION = /(<!-- figures:start ([\w-]+) -->\n)([\s\S]*?)(<!-- figures:end -->)/g
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
      : text.replace(REGION, (_all, start: string, name: string, _old: string, end: string) => {
          regions++
          const figures = tables[name]
          if (figures === undefined) {
            unknown.push(name)
            return `${start}${_old}${end}`
          }
          return `${start}\n${figures}\n\n${end}`
        })
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

async function main(argv: readonly string[]): Promise<number> {
  const root = resolve(import.meta.dirname, '..')
  const check = argv.includes('--check')
  const tables = renderFigures(readResults(root))
  let stale = 0
  for (const file of markdownFiles(root)) {
    const path = join(root, file)
    const before = readFileSync(path, 'utf8')
    const { text, unknown } = await rewriteFigures(path, before, tables)
    for (const name of unknown) console.error(`${file}: no figures named "${name}"`)
    if (unknown.length > 0) return 1
    if (text === before) continue
    stale++
    if (check) console.error(`${file}: figures differ from bench/results.json`)
    else writeFileSync(path, text)
    if (!check) console.log(`${file}: figures rewritten`)
  }
  return check && stale > 0 ? 1 : 0
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(process.argv.slice(2))
}
