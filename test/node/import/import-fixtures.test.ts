import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { buildCustomResourceDefinition } from '../../../packages/crdconv/src/crd/index.ts'
import {
  checkCrds,
  crdDifferences,
  importCrds,
  type CrdInput,
} from '../../../packages/crdconv/src/import/index.ts'
import { expectLosslessRoundTrips } from '../../../packages/crdconv/src/testing/index.ts'
import { crdconv } from '../cli/run-cli.ts'
import {
  loadImportedResource,
  typecheckedImports,
  writeFiles,
} from '../../support/import-project.ts'

const fixtures = join(import.meta.dirname, 'fixtures')
const read = (name: string) => readFileSync(join(fixtures, name), 'utf8')
const FIXTURES = ['every-feature-crd.yaml', 'same-fields-crd.yaml']

describe('crdconv import on its own fixtures', () => {
  const project = typecheckedImports(async (directory) => {
    for (const name of FIXTURES) writeFiles(directory, (await importCrds(read(name))).files)
  })

  it.each(FIXTURES)('gives %s back from the written module, every keyword', async (name) => {
    const input = parse(read(name)) as CrdInput
    const base = name === 'every-feature-crd.yaml' ? 'widget' : 'gauge'
    const resource = await loadImportedResource(join(project.directory, `${base}.ts`))
    const { crd, problems } = buildCustomResourceDefinition(resource, {
      url: 'https://webhook.example.com/convert',
    })
    expect(problems).toEqual([])
    expect(crdDifferences(input, crd as unknown as CrdInput)).toEqual([])
    expect(checkCrds(read(name)).map((check) => check.differences)).toEqual([[]])
  })

  it('gives the CRD back through crdconv crd --scheme on the written module', async () => {
    const run = await crdconv([
      'crd',
      '--scheme',
      join(project.directory, 'widget.ts'),
      '--url',
      'https://webhook.example.com/convert',
      '-o',
      'json',
    ])
    expect(run.code).toBe(0)
    const input = parse(read('every-feature-crd.yaml')) as CrdInput
    expect(crdDifferences(input, JSON.parse(run.stdout) as CrdInput)).toEqual([])
  })

  it('passes the round-trip test where the versions declare the same fields', async () => {
    const gauge = await loadImportedResource(join(project.directory, 'gauge.ts'))
    expect(() => expectLosslessRoundTrips(gauge, { numRuns: 20 })).not.toThrow()
  })

  it('declares the moves it matches, and fails the round-trip test on a TODO, naming its field', async () => {
    const widget = await loadImportedResource(join(project.directory, 'widget.ts'))
    const source = readFileSync(join(project.directory, 'widget.ts'), 'utf8')
    expect(source).toContain("move.renamed('spec.colour', 'spec.color')")
    // v1 keeps no unknown fields in status: no move says what becomes of them
    expect(source).toContain(
      '// TODO .status: preserve-unknown-fields true → - (v1beta1 → v1): the value changes shape'
    )
    // which difference the kit meets first depends on its seed; each is a field import left a TODO for
    const todoFields = [...source.matchAll(/\/\/ TODO \.(\S+):/g)].map(
      (match) => match[1] as string
    )
    expect(todoFields).toContain('status')
    const failure = (() => {
      try {
        expectLosslessRoundTrips(widget, { numRuns: 20 })
      } catch (error) {
        return (error as Error).message
      }
      return 'passed'
    })()
    expect(failure).toMatch(/round-trip checks? failed/)
    // each field a difference names (`  status.a: was false, …`) lies at or under a TODO
    const named = [...failure.matchAll(/^ {2}(?:\S+ → \S+: )?([a-z][\w.[\]-]*): /gm)].map(
      (match) => match[1] as string
    )
    expect(named, failure).not.toEqual([])
    for (const path of named) {
      const todo = todoFields.find((field) => path === field || path.startsWith(`${field}.`))
      expect(todo, `${path} has no TODO:\n${failure}`).toBeDefined()
    }
  })
})
