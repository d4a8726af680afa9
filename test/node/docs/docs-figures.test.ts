import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { measuredSourcesHash } from '../../../bench/measured-sources.ts'
import { renderFigures, type BenchResults } from '../../../scripts/bench-figures.ts'
import {
  docsTables,
  markdownFiles,
  readResults,
  rewriteFigures,
} from '../../../scripts/docs-figures.ts'

const repoRoot = resolve(import.meta.dirname, '../../..')
const results = readResults(repoRoot)
const tables = renderFigures(results)
const allTables = await docsTables(repoRoot)

describe('the docs’ generated regions', () => {
  it.each(markdownFiles(repoRoot))(
    '%s shows bench/results.json and the CLI as `npm run docs:figures` writes them',
    async (file) => {
      const path = join(repoRoot, file)
      const text = readFileSync(path, 'utf8')
      const rewrite = await rewriteFigures(path, text, allTables)
      expect(rewrite.unknown, `${file}: generated regions with no table`).toEqual([])
      expect(rewrite.text === text, `${file} differs: run npm run docs:figures`).toBe(true)
    }
  )
})

describe('bench/results.json', () => {
  it('measured the runtime sources, the examples and the hono and zod they run as they are now', () => {
    expect(
      results.sources?.hash,
      'the figures are older than the code they describe: run npm run bench, then npm run docs:figures'
    ).toBe(measuredSourcesHash(repoRoot))
  })
})

describe('rewriteFigures', () => {
  const region = (body: string) =>
    `# Page\n\n<!-- figures:start core -->\n${body}<!-- figures:end -->\n`

  it('fills a region from the results', async () => {
    const { text, regions } = await rewriteFigures('page.md', region(''), tables)
    expect(regions).toBe(1)
    expect(text).toMatch(/\| 1,000 +\|/)
    expect(text).toContain(`${results.core[0]?.ratio.toFixed(2)}×`)
  })

  it('replaces a stale figure', async () => {
    const current = (await rewriteFigures('page.md', region(''), tables)).text
    const stale = current.replace(/\d\.\d\d×/, '9.99×')
    expect((await rewriteFigures('page.md', stale, tables)).text).toBe(current)
  })

  it('fills a generated region the same way, and leaves the other kind’s end marker alone', async () => {
    const text = '<!-- generated:start a -->\nold\n<!-- figures:end -->\n<!-- generated:end -->\n'
    expect((await rewriteFigures('page.md', text, { a: 'A' })).text).toBe(
      '<!-- generated:start a -->\n\nA\n\n<!-- generated:end -->\n'
    )
  })

  it('reports a region whose name has no table', async () => {
    const text = '<!-- figures:start nonsense -->\n<!-- figures:end -->\n'
    expect((await rewriteFigures('page.md', text, tables)).unknown).toEqual(['nonsense'])
  })

  it('leaves regions inside code blocks alone', async () => {
    const text = '```text\n<!-- figures:start core -->\n<!-- figures:end -->\n```\n'
    expect(await rewriteFigures('page.md', text, tables)).toMatchObject({ text, regions: 0 })
  })
})

describe('renderFigures', () => {
  it('renders every figure from the results it is given', () => {
    const changed: BenchResults = {
      ...results,
      core: results.core.map((line) => ({ ...line, ratio: 7.25 })),
    }
    expect(renderFigures(changed)['core']).toContain('7.25×')
    expect(renderFigures(results)['core']).not.toContain('7.25×')
  })
})
