// The problem codes held to docs/operations.md: every `*_CODES` table in the packages has a row
// under "Problem codes", and each row lists exactly its table's codes, no more and no fewer.
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PROBLEM_DOMAINS } from '../../../scripts/problem-codes-reference.ts'

const repoRoot = resolve(import.meta.dirname, '../../..')
const operations = readFileSync(join(repoRoot, 'docs/operations.md'), 'utf8')
const section = operations.slice(operations.indexOf('## Problem codes'))
const rows = section.split('\n').filter((line) => line.startsWith('| `'))

/** The names of the `export const X_CODES = [` tables in a package's sources. */
function codeTables(sourceDirectory: string): string[] {
  const files = readdirSync(join(repoRoot, sourceDirectory), { recursive: true, encoding: 'utf8' })
  return files
    .filter((file) => file.endsWith('.ts'))
    .flatMap((file) => {
      const text = readFileSync(join(repoRoot, sourceDirectory, file), 'utf8')
      return [...text.matchAll(/^export const (\w+_CODES) = \[/gm)].map((match) => match[1]!)
    })
}

describe('docs/operations.md, Problem codes', () => {
  it('has a row for every table of codes in the packages', () => {
    const tables = [...codeTables('packages/webhook/src'), ...codeTables('packages/crdconv/src')]
    expect(tables.length).toBeGreaterThanOrEqual(PROBLEM_DOMAINS.length)
    for (const table of tables) {
      expect(
        rows.filter((row) => row.includes(`\`${table}\``)),
        table
      ).toHaveLength(1)
    }
    expect(rows).toHaveLength(tables.length)
  })

  it.each(PROBLEM_DOMAINS.map((domain) => [domain.carrier, domain] as const))(
    'lists exactly the codes of %s',
    (_carrier, domain) => {
      const row = rows.find((line) => line.startsWith(`| ${domain.carrier} `))
      expect(row, domain.carrier).toBeDefined()
      const listed =
        row!
          .split('|')
          .at(-2)!
          .match(/`[^`]+`/g) ?? []
      expect(listed.map((code) => code.slice(1, -1))).toEqual([...domain.codes])
    }
  )

  it('gives each code once within its table', () => {
    for (const domain of PROBLEM_DOMAINS) {
      expect(new Set(domain.codes).size, domain.carrier).toBe(domain.codes.length)
    }
  })
})
