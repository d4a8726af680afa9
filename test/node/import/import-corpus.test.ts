// The real-world CRDs in ../shared/crds (or $CRD_CORPUS): read where they are, never copied here.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildCustomResourceDefinition } from '../../../packages/webhook/src/crd/index.ts'
import {
  checkCrds,
  crdDifferences,
  describeCrdDifference,
  importCrds,
  readCrdDocuments,
} from '../../../packages/crdconv/src/import/index.ts'
import { schemaDifferences } from '../../../packages/crdconv/src/diff/index.ts'
import {
  checkLosslessRoundTrips,
  conversionCoverage,
} from '../../../packages/webhook/src/testing/index.ts'
import {
  loadImportedResource,
  scratchProject,
  typecheck,
  writeFiles,
} from '../../support/import-project.ts'

const corpus = resolve(
  process.env['CRD_CORPUS'] ?? join(import.meta.dirname, '../../../../shared/crds')
)
// the differences that lose data on a round trip when a converter only carries the object over
const SHAPE_CHANGES = new Set([
  'added',
  'removed',
  'type',
  'int-or-string',
  'preserve-unknown-fields',
  'embedded-resource',
])
const files = existsSync(corpus)
  ? readdirSync(corpus, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.ya?ml$/.test(file))
      .sort()
  : []

describe.skipIf(files.length === 0)(`crdconv import on the CRD corpus in ${corpus}`, () => {
  const project = scratchProject()
  const written = new Map<string, string>()
  let checked: { code: number; output: string }

  beforeAll(async () => {
    for (const file of files) {
      const directory = join(project.directory, file.replace(/\W+/g, '-'))
      const { files: imported } = await importCrds(readFileSync(join(corpus, file), 'utf8'))
      writeFiles(directory, imported)
      const module = imported.find((entry) => !entry.path.endsWith('.test.ts'))
      written.set(file, join(directory, module?.path ?? 'missing.ts'))
    }
    // one tsc run for every module: 16 runs would each check crdconv again
    checked = await typecheck(project.directory)
  }, 600_000)
  afterAll(() => project.remove())

  it('writes modules that typecheck', () => {
    expect(checked.output).toBe('')
    expect(checked.code).toBe(0)
  })

  it.each(files)('gives %s back: empty --check, and the same CRD from the module', async (file) => {
    const text = readFileSync(join(corpus, file), 'utf8')
    expect(
      checkCrds(text).flatMap((check) => check.differences.map(describeCrdDifference))
    ).toEqual([])
    const resource = await loadImportedResource(written.get(file) as string)
    const { crd, problems } = buildCustomResourceDefinition(resource, {
      url: 'https://webhook.example.com/convert',
    })
    expect(problems).toEqual([])
    const [input] = readCrdDocuments(text).crds
    expect(crdDifferences(input!.crd, crd as never).map(describeCrdDifference)).toEqual([])
  })

  it.each(files)(
    'runs the round trips of %s: they pass, or name a field where the versions differ',
    async (file) => {
      const resource = await loadImportedResource(written.get(file) as string)
      const [input] = readCrdDocuments(readFileSync(join(corpus, file), 'utf8')).crds
      const schemas = input!.crd.spec.versions.map(
        (version) => version.schema?.openAPIV3Schema ?? {}
      )
      const differing = schemas
        .slice(1)
        .flatMap((schema, index) => schemaDifferences(schemas[index]!, schema))
        .filter((difference) => SHAPE_CHANGES.has(difference.kind))
        .filter((difference) => !/^\.(apiVersion|kind|metadata)\b/.test(difference.path))
        .map((difference) => difference.path)
      const report = checkLosslessRoundTrips(resource, { numRuns: 5, seed: 42 })
      if (differing.length === 0) {
        expect(report.summary).toMatch(/passed|no round trips|1 version/)
        expect(report.ok).toBe(true)
      } else {
        expect(report.ok).toBe(false)
        const named = differing.some((path) => report.summary.includes(`${path.slice(1)}:`))
        expect(named, report.summary.slice(0, 2000)).toBe(true)
      }
    },
    60_000
  )

  it.each(files)(
    'follows every field of %s through its carry-over converters where the diff says it goes',
    async (file) => {
      const [input] = readCrdDocuments(readFileSync(join(corpus, file), 'utf8')).crds
      const versions = input!.crd.spec.versions
      if (versions.length < 2) return
      const schemaOf = (name: string) =>
        versions.find((version) => version.name === name)?.schema?.openAPIV3Schema ?? {}
      const resource = await loadImportedResource(written.get(file) as string)
      const report = conversionCoverage(resource, { numRuns: 2 })
      for (const { from, to, sources } of report.pairs) {
        const changed = schemaDifferences(schemaOf(from), schemaOf(to))
          .filter((difference) => SHAPE_CHANGES.has(difference.kind))
          .map((difference) => difference.path)
        const explained = (field: string) =>
          changed.some(
            (path) =>
              path === '(root)' ||
              field === path ||
              field.startsWith(`${path}.`) ||
              field.startsWith(`${path}[`)
          )
        // carrying the object over loses only where the shape changed, and nothing where it did not
        const lost = sources.filter((source) => source.outcome === 'lost')
        expect(lost.filter((source) => !explained(source.field))).toEqual([])
        const elsewhere = sources.filter(
          (source) => !['carried', 'unvaried'].includes(source.outcome)
        )
        expect(elsewhere.filter((source) => !explained(source.field))).toEqual([])
      }
    },
    120_000
  )
})

if (files.length === 0) {
  describe('the CRD corpus', () => {
    it.skip(`is absent at ${corpus}: set CRD_CORPUS to a folder of CRDs to run these tests`, () => {})
  })
}
