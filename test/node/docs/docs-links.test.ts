import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, normalize, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { markdownFiles } from '../../../scripts/docs-figures.ts'

const repoRoot = resolve(import.meta.dirname, '../../..')

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-')
}

const withoutCode = (markdown: string) =>
  markdown.replace(/^([ \t]*)(`{3,})[\s\S]*?^\1\2[ \t]*$/gm, '')

function anchorsOf(markdown: string): Set<string> {
  return new Set(
    [...withoutCode(markdown).matchAll(/^#{1,6}\s+(.+)$/gm)].map((match) =>
      headingAnchor(match[1] ?? '')
    )
  )
}

function localLinks(markdown: string): string[] {
  return [...withoutCode(markdown).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1] ?? '')
    .filter((target) => !/^[a-z]+:/.test(target))
}

describe('links between the docs', () => {
  it('turns headings into GitHub anchors', () => {
    expect(headingAnchor('2. `npm test`: prove that conversions lose nothing')).toBe(
      '2-npm-test-prove-that-conversions-lose-nothing'
    )
  })

  it.each(markdownFiles(repoRoot))('%s links only to pages and headings that exist', (file) => {
    const broken: string[] = []
    for (const link of localLinks(readFileSync(join(repoRoot, file), 'utf8'))) {
      const [path = '', anchor] = link.split('#')
      const target =
        path === ''
          ? file
          : normalize(join(dirname(file), path))
              .split('\\')
              .join('/')
      if (!existsSync(join(repoRoot, target))) {
        broken.push(`${link}: no ${target}`)
      } else if (anchor !== undefined && target.endsWith('.md')) {
        const anchors = anchorsOf(readFileSync(join(repoRoot, target), 'utf8'))
        if (!anchors.has(anchor)) broken.push(`${link}: no heading #${anchor} in ${target}`)
      }
    }
    expect(broken).toEqual([])
  })
})

/**
 * Repository paths named in backticks in the prose (not in code blocks), such as
 * `examples/scheme.ts`. `src/` and `test/` start paths of a user's project too (`src/scheme.ts`,
 * what `crdconv init` writes), so they are held to the repository only below `packages/`.
 */
function namedPaths(markdown: string): string[] {
  const pattern =
    /`((?:packages|examples|bench|scripts|tools|docs|test\/node|test\/workers|test\/support)\/[\w./-]*)`/g
  return [...withoutCode(markdown).matchAll(pattern)].map((match) => match[1] ?? '')
}

describe('paths the docs name', () => {
  it.each(markdownFiles(repoRoot))('%s names only files and folders that exist', (file) => {
    const missing = namedPaths(readFileSync(join(repoRoot, file), 'utf8')).filter(
      (path) => !existsSync(join(repoRoot, path))
    )
    expect(missing).toEqual([])
  })
})
