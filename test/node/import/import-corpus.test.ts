// The real-world CRDs in ../shared/crds (or $CRD_CORPUS): read where they are, never copied here.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  buildCustomResourceDefinition,
  checkResource,
} from '../../../packages/crdconv/src/crd/index.ts'
import { canonicalJson } from '../../../packages/webhook/src/scheme/index.ts'
import {
  ANNOTATIONS_LEFT_OUT,
  checkCrds,
  crdDifferences,
  describeCrdDifference,
  importCrds,
  readCrdDocuments,
} from '../../../packages/crdconv/src/import/index.ts'
import {
  describeSchemaDifference,
  schemaDifferences,
} from '../../../packages/crdconv/src/diff/index.ts'
import { pairTodos } from '../../../packages/crdconv/src/import/moves-render.ts'
import { planResource } from '../../../packages/crdconv/src/import/resource-plan.ts'
import {
  checkLosslessRoundTrips,
  conversionCoverage,
  coverageFindings,
} from '../../../packages/crdconv/src/testing/index.ts'
import {
  crdSchemaDescriptions,
  loadImportedResource,
  typecheckedImports,
  writeFiles,
} from '../../support/import-project.ts'
import { crdconv } from '../cli/run-cli.ts'

const corpus = resolve(
  process.env['CRD_CORPUS'] ?? join(import.meta.dirname, '../../../../shared/crds')
)
// the differences that lose data on a round trip when a converter only carries the object over
// the differences that can change an object on a round trip; a default only one version has is
// one, since the API server fills it in at that version (the kit models it)
const SHAPE_CHANGES = new Set([
  'default',
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
  const written = new Map<string, string>()

  const multiVersion = files.filter(
    (file) =>
      (readCrdDocuments(readFileSync(join(corpus, file), 'utf8')).crds[0]?.crd.spec.versions
        .length ?? 0) > 1
  )
  const todosOf = (file: string) => {
    const [input] = readCrdDocuments(readFileSync(join(corpus, file), 'utf8')).crds
    return input === undefined ? [] : planResource(input.crd).converters.flatMap(pairTodos)
  }

  // one tsc run for every module: 16 runs would each check crdconv again
  typecheckedImports(async (directory) => {
    for (const file of files) {
      const into = join(directory, file.replace(/\W+/g, '-'))
      const { files: imported } = await importCrds(readFileSync(join(corpus, file), 'utf8'))
      writeFiles(into, imported)
      const module = imported.find(
        (entry) => /^[\w-]+\.ts$/.test(entry.path) && !/\.(test|descriptions)\.ts$/.test(entry.path)
      )
      written.set(file, join(into, module?.path ?? 'missing.ts'))
    }
  }, 600_000)

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
    // stated apart from crdDifferences, which compares metadata the same way
    const { labels = {}, annotations = {} } = input!.crd.metadata ?? {}
    const kept = Object.entries(annotations).filter(([key]) => !(key in ANNOTATIONS_LEFT_OUT))
    expect(crd.metadata.labels ?? {}).toEqual(labels)
    expect(crd.metadata.annotations ?? {}).toEqual(Object.fromEntries(kept))
  })

  it.each(multiVersion)(
    'keeps the descriptions of %s out of the module the webhook serves, and crdconv crd gives each back',
    async (file) => {
      const text = readFileSync(join(corpus, file), 'utf8')
      const [input] = readCrdDocuments(text).crds
      const module = written.get(file) as string
      const served = readFileSync(module, 'utf8')
      const inModule = crdSchemaDescriptions(input!.crd).filter((description) =>
        served.includes(JSON.stringify(description).slice(1, -1))
      )
      expect(inModule).toEqual([])
      const run = await crdconv(
        [
          'crd',
          '--scheme',
          module,
          '--url',
          'https://webhook.example.com/convert',
          '--no-token',
          '-o',
          'json',
        ],
        { cwd: dirname(module) }
      )
      expect(run.code, run.stderr).toBe(0)
      const printed = JSON.parse(run.stdout) as {
        spec: { versions: { name: string; schema?: unknown }[] }
      }
      for (const version of input!.crd.spec.versions) {
        const back = printed.spec.versions.find(({ name }) => name === version.name)
        expect(canonicalJson(back?.schema), version.name).toBe(canonicalJson(version.schema))
      }
    },
    60_000
  )

  it.each(files)(
    'runs the round trips of %s: they pass, or fail on a field import left a TODO for',
    async (file) => {
      const resource = await loadImportedResource(written.get(file) as string)
      const todos = todosOf(file)
      const losing = todos.filter((todo) => SHAPE_CHANGES.has(todo.kind))
      const report = checkLosslessRoundTrips(resource, { numRuns: 5, seed: 42 })
      const trips = report.checks.filter((check) => check.kind !== 'writable')
      const lost = [...report.summary.matchAll(/^ {6}(.+?): was /gm)].map(([, field]) => field!)
      const passed = trips.every((check) => check.ok)
      expect(passed, report.summary.slice(0, 2000)).toBe(lost.length === 0)
      if (losing.length === 0) expect(passed, report.summary.slice(0, 2000)).toBe(true)
      for (const field of lost) {
        expect(
          losing.some((todo) => related(`.${field}`, todo.path)),
          field
        ).toBe(true)
      }
      // an answer the other version refuses, carried over as it was: one finding, on a TODO's field
      const unwritable = report.checks.filter((check) => check.kind === 'writable')
      expect(unwritable.length).toBeLessThanOrEqual(1)
      const refused = [
        ...(unwritable[0]?.failure?.message ?? '').matchAll(
          /^ {2}\S+ → \S+: (.+?): .* \(met in /gm
        ),
      ].map(([, field]) => field!)
      expect(refused.length > 0).toBe(unwritable.length > 0)
      for (const field of refused) {
        expect(
          todos.some((todo) => related(`.${field}`, todo.path)),
          field
        ).toBe(true)
      }
    },
    60_000
  )

  it.each(multiVersion)('declares a move or writes a TODO for every difference of %s', (file) => {
    const source = readFileSync(written.get(file) as string, 'utf8')
    const [input] = readCrdDocuments(readFileSync(join(corpus, file), 'utf8')).crds
    const pairs = planResource(input!.crd).converters
    const schemaOf = (name: string) =>
      input!.crd.spec.versions.find((version) => version.name === name)?.schema?.openAPIV3Schema
    for (const { from, to } of pairs) {
      for (const difference of schemaDifferences(schemaOf(from) ?? {}, schemaOf(to) ?? {})) {
        if (/^\.(apiVersion|kind|metadata)\b/.test(difference.path)) continue
        const todo = `// TODO ${describeSchemaDifference(difference).replace(/\s+/g, ' ')} (${from} → ${to})`
        // a move names the field from the list it is in: `'spec.keep'`, `item.removed('name')`
        const field = difference.path.split('[]').pop()!.slice(1)
        const moved = new RegExp(
          `\\w\\.\\w+\\(\\s*'${escape(field)}'|,\\s*'${escape(field)}'\\s*\\)`
        )
        expect(source.includes(todo) || moved.test(source), `${from} → ${to} ${todo}`).toBe(true)
      }
    }
  })

  it.each(multiVersion)(
    'fails crdconv check on %s only where import left a TODO',
    async (file) => {
      const resource = await loadImportedResource(written.get(file) as string)
      const { failures } = coverageFindings(conversionCoverage(resource, { numRuns: 2 }))
      const todos = todosOf(file).filter((todo) => todo.path !== '(root)')
      for (const failure of failures) {
        expect(
          todos.some((todo) => related(failure.path!, todo.path)),
          failure.message
        ).toBe(true)
      }
    },
    120_000
  )

  it.each(files)(
    'passes the definition checks of crdconv check on %s: the API server accepts the CRD as it is',
    async (file) => {
      const resource = await loadImportedResource(written.get(file) as string)
      const failing = checkResource(resource).filter((item) => item.problems.length > 0)
      expect(failing.map((item) => `${item.title}: ${item.problems.join('; ')}`)).toEqual([])
    },
    120_000
  )

  it.each(files)(
    'follows every field of %s through its converters where the diff says it goes',
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
        // the moves lose or move fields only where the shape changed, and nothing where it did not
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

/** Whether one field is the other or inside it: `.spec.a[].b` and `.spec.a`. */
function related(field: string, other: string): boolean {
  const inside = (a: string, b: string) => a === b || a.startsWith(`${b}.`) || a.startsWith(`${b}[`)
  const plain = (path: string) => path.replace(/\[[^\]]*\]/g, '[]')
  return inside(plain(field), plain(other)) || inside(plain(other), plain(field))
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

if (files.length === 0) {
  describe('the CRD corpus', () => {
    it.skip(`is absent at ${corpus}: set CRD_CORPUS to a folder of CRDs to run these tests`, () => {})
  })
}
