import { readFileSync } from 'node:fs'

/** How a fenced block in README.md or docs/*.md is treated by the docs test. */
export type BlockRole =
  | { readonly kind: 'run' }
  | { readonly kind: 'not-run'; readonly reason: string }
  | { readonly kind: 'output' }
  | { readonly kind: 'data' }

export interface CodeBlock {
  /** The Markdown file, relative to the repository root. */
  readonly file: string
  /** 1-based line of the opening fence. */
  readonly line: number
  /** The fence's language, lower case (`ts`, `sh`, `json`, or `''`). */
  readonly lang: string
  readonly code: string
  readonly role: BlockRole
}

/** Languages whose blocks run unless marked `<!-- not-run: reason -->`. */
export const RUNNABLE_LANGS = new Set(['ts', 'typescript', 'sh', 'bash', 'shell'])

const FENCE = /^(\s*)(`{3,}|~{3,})\s*([\w-]*)/
const MARKER = /^<!--\s*(not-run|output)\s*(?::\s*(.*?))?\s*-->$/

/**
 * The fenced code blocks of one Markdown text, each with the role its marker gives it: the
 * closest non-blank line before the fence may be `<!-- not-run: reason -->` (never run) or
 * `<!-- output -->` (the expected stdout of the file's previous run block). Without a marker,
 * `ts` and `sh` blocks run and every other language is data.
 *
 * @example
 * parseCodeBlocks('x.md', '<!-- output -->\n```json\n{}\n```\n')[0]?.role // { kind: 'output' }
 */
export function parseCodeBlocks(file: string, text: string): CodeBlock[] {
  const lines = text.split('\n')
  const blocks: CodeBlock[] = []
  for (let index = 0; index < lines.length; index++) {
    const open = FENCE.exec(lines[index] ?? '')
    if (open === null) continue
    const [, indent = '', fence = '```', lang = ''] = open
    const body: string[] = []
    let end = index + 1
    for (; end < lines.length; end++) {
      const line = lines[end] ?? ''
      if (line.trim().startsWith(fence) && line.trim().replace(/[`~]/g, '') === '') break
      body.push(line.startsWith(indent) ? line.slice(indent.length) : line.trimStart())
    }
    if (end === lines.length) throw new Error(`${file}:${index + 1}: code fence never closed`)
    const role = roleOf(file, index, lines, lang.toLowerCase())
    blocks.push({ file, line: index + 1, lang: lang.toLowerCase(), code: body.join('\n'), role })
    index = end
  }
  return blocks
}

function roleOf(
  file: string,
  fenceIndex: number,
  lines: readonly string[],
  lang: string
): BlockRole {
  let before = fenceIndex - 1
  while (before >= 0 && (lines[before] ?? '').trim() === '') before--
  const marker = MARKER.exec((lines[before] ?? '').trim())
  if (marker?.[1] === 'output') return { kind: 'output' }
  if (marker?.[1] === 'not-run') {
    const reason = marker[2] ?? ''
    if (reason === '') {
      throw new Error(`${file}:${fenceIndex + 1}: <!-- not-run: reason --> needs a reason`)
    }
    return { kind: 'not-run', reason }
  }
  return RUNNABLE_LANGS.has(lang) ? { kind: 'run' } : { kind: 'data' }
}

/** The code blocks of a Markdown file on disk, `file` relative to `root`. */
export function readCodeBlocks(root: string, file: string): CodeBlock[] {
  return parseCodeBlocks(file, readFileSync(`${root}/${file}`, 'utf8'))
}

/** `ts` or `sh`, the way a runnable block is run. */
export function runnerOf(block: CodeBlock): 'ts' | 'sh' {
  return block.lang === 'ts' || block.lang === 'typescript' ? 'ts' : 'sh'
}
