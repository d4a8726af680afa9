// Every multi-version CRD of ../shared/crds imported into a project made by `crdconv init` from
// the packed tarballs (`crdconv import <crd> --into .`): the project's `npm test` runs, lists each
// TODO the summary counted, and gives the verdict `crdconv check` gives. Slow: one `npm test` per
// CRD (minutes each for the largest), one after another in one project, bounded by the corpus.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parse } from 'yaml'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readCrdDocuments } from '../../../packages/crdconv/src/import/index.ts'
import { opaqueFields } from '../../../packages/crdconv/src/import/todo-summary.ts'
import { createCronTabProject, run } from '../../support/consumer-project.ts'

const corpus = resolve(import.meta.dirname, '../../../../shared/crds')

/** The corpus's CRDs that serve several versions, by path under it. */
function multiVersionCrds(): string[] {
  if (!existsSync(corpus)) return []
  return readdirSync(corpus, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.yaml'))
    .filter((path) => {
      const crd = parse(readFileSync(join(corpus, path), 'utf8')) as {
        spec?: { versions?: unknown[] }
      }
      return (crd.spec?.versions?.length ?? 0) > 1
    })
    .sort()
}

const CATEGORIES = ['conversion', 'validation', 'required-ness'] as const
// read once, when the tests are collected
const CRDS = multiVersionCrds()

const workDir = mkdtempSync(join(tmpdir(), 'crdconv-into-corpus-'))
const project = join(workDir, 'webhook')
let initScheme = ''

beforeAll(async () => {
  if (!SLOW) return
  await createCronTabProject(workDir)
  initScheme = readFileSync(join(project, 'src/scheme.ts'), 'utf8')
}, 600_000)
afterAll(() => rm(workDir, { recursive: true, force: true }), 120_000)

// one npm test per CRD, minutes each: it runs only with CRDCONV_SLOW_TESTS=1
const SLOW = process.env['CRDCONV_SLOW_TESTS'] === '1'

describe.skipIf(!SLOW || !existsSync(corpus))(
  'crdconv import --into . in a project made by init (slow: CRDCONV_SLOW_TESTS=1)',
  () => {
    it('finds the multi-version CRDs of the corpus', () => {
      expect(CRDS.length).toBeGreaterThanOrEqual(8)
    })

    it.each(CRDS)(
      '%s: npm test runs, lists every TODO the summary counts, and agrees with crdconv check',
      async (path) => {
        // the last CRD's modules, and the descriptions module that imports them
        for (const stale of ['src/resources', 'test/resources', 'src/scheme.descriptions.ts']) {
          rmSync(join(project, stale), { recursive: true, force: true })
        }
        writeFileSync(join(project, 'src/scheme.ts'), initScheme)
        const imported = await run(
          'npx',
          ['crdconv', 'import', join(corpus, path), '--into', '.'],
          project
        )
        expect(imported.stderr).not.toMatch(/error/i)
        expect(imported.code).toBe(0)

        // the summary counts what the written test lists, category by category
        const [, base] = /wrote test\/resources\/(.+)\.test\.ts/.exec(imported.stderr) ?? []
        const test = readFileSync(join(project, `test/resources/${base}.test.ts`), 'utf8')
        const module = readFileSync(join(project, `src/resources/${base}.ts`), 'utf8')
        const listed = (category: string) =>
          // a TODO whose text holds a ' is written in another quote
          test.match(new RegExp(`it\\.todo\\(\\s*['"\`]${category}: `, 'g'))?.length ?? 0
        const total = CATEGORIES.reduce((sum, category) => sum + listed(category), 0)
        expect(module.match(/\/\/ TODO /g)?.length ?? 0).toBe(total)
        expect(test.match(/it\.todo\(/g)?.length ?? 0).toBe(total)
        // a field no schema describes hides what converts inside it: never "nothing left"
        const [input] = readCrdDocuments(readFileSync(join(corpus, path), 'utf8')).crds
        const opaque = opaqueFields(input!.crd)
        expect(imported.stdout).toContain(
          total === 0 && opaque.length === 0
            ? 'nothing left to decide'
            : `left to decide: ${CATEGORIES.map((category) => `${listed(category)} ${category}`).join(', ')} (${total} TODOs`
        )

        const check = await run('npx', ['crdconv', 'check', '--scheme', 'src/scheme.ts'], project)
        const npmTest = await run('npm', ['test'], project)
        const output = `${npmTest.stdout}${npmTest.stderr}`
        // it ran the imported test, which vitest reports with its TODOs
        expect(output).toMatch(new RegExp(`test/resources/${base}\\.test\\.ts`))
        if (total > 0) expect(output).toMatch(new RegExp(`\\b${total} todo\\b`))
        const verdict = (code: number) => (code === 0 ? 'passes' : 'fails')
        expect(
          { 'npm test': verdict(npmTest.code) },
          `crdconv check:\n${check.stdout}\nnpm test:\n${output}`
        ).toEqual({ 'npm test': verdict(check.code) })
      },
      1_800_000
    )
  }
)
