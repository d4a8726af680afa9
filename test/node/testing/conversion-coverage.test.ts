// conversionCoverage and coverageFindings on a hand-made resource whose v1 → v2 converter shows
// every outcome once (test/node/cli/fixtures/coverage-scheme.ts says which field does what).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import { defineResource } from '../../../packages/webhook/src/scheme/index.ts'
import {
  conversionCoverage,
  coverageFindings,
  SOURCE_OUTCOMES,
  TARGET_OUTCOMES,
  type PairCoverage,
} from '../../../packages/crdconv/src/testing/index.ts'
import { backup } from '../../../examples/index.ts'
import { widget } from '../cli/fixtures/coverage-scheme.ts'

const report = conversionCoverage(widget, { numRuns: 30, pairs: [['v1', 'v2']] })
const pair = report.pairs[0] as PairCoverage
const source = (field: string) => pair.sources.find((entry) => entry.field === field)
const target = (field: string) => pair.targets.find((entry) => entry.field === field)

describe('conversion coverage, from behaviour', () => {
  it('converts whole and partial objects, and names the pair', () => {
    expect(report.resource).toBe('Widget.coverage.example.com')
    expect(pair).toMatchObject({ from: 'v1', to: 'v2', objects: 60, failed: 0 })
  })

  it.each([
    ['.spec.name', 'carried', ['.spec.name'], []],
    ['.spec.tags[]', 'carried', ['.spec.tags[]'], []],
    ['.spec.size', 'moved', ['.spec.capacity', '.spec.level'], []],
    ['.spec.secret', 'stashed', [], ['spec.secret']],
    ['.spec.note', 'lost', [], []],
    ['.spec.only', 'unvaried', [], []],
  ])('source %s: %s', (field, outcome, to, stashedAs) => {
    expect(source(field)).toEqual({ field, outcome, to, stashedAs })
  })

  it.each([
    ['.spec.name', 'filled', ['.spec.name']],
    ['.spec.capacity', 'filled', ['.spec.size']],
    ['.spec.fixed', 'constant', []],
    ['.spec.added', 'never-filled', []],
    ['.spec.extra', 'never-filled', []],
  ])('target %s: %s', (field, outcome, from) => {
    expect(target(field)).toMatchObject({ field, outcome, from })
  })

  it('gives a never-filled field its default, or none', () => {
    expect(target('.spec.added')).toHaveProperty('default', 'x')
    expect(target('.spec.extra')).not.toHaveProperty('default')
  })

  it.each([
    ['.spec.colour', 'an enum value it dropped', 'not one of "red"', 'blue'],
    ['.spec.mode', 'a pattern it added', 'does not match /^[a-z]+$/', undefined],
    ['.spec.level', 'another type', 'not a string', undefined],
  ])('target %s: refused, %s', (field, _why, reason, example) => {
    const found = target(field)
    expect(found?.outcome).toBe('refused')
    expect(found?.refused?.reason).toBe(reason)
    if (example !== undefined) expect(found?.refused?.example).toBe(example)
  })

  it('fails on the lost field and each refused value, warns on the field without a default', () => {
    const { failures, warnings } = coverageFindings(report)
    expect(failures.map((failure) => [failure.code, failure.path])).toEqual([
      ['field-lost', '.spec.note'],
      ['value-refused', '.spec.colour'],
      ['value-refused', '.spec.mode'],
      ['value-refused', '.spec.level'],
    ])
    expect(failures[0]?.message).toBe(
      "Widget.coverage.example.com v1 → v2: v1's .spec.note is lost: no field of v2 changes with it and it is not stashed; carry it into a field of v2 in the converter (declared: move.renamed or move.split), or stash it (declared: move.removed), or keep it with stashFields(converted, context, { 'spec.note': … }) and give it back with restoreStashedFields on the way to v1"
    )
    expect(
      failures
        .slice(1)
        .map((failure) => failure.message)
        .join('\n')
    ).toMatch(
      /v2's \.spec\.colour gets values v2's schema refuses \(not one of "red"; for example "blue"\), filled from v1's \.spec\.colour; write only values v2 accepts there \(declared: move\.mapped\), or widen \.spec\.colour in v2's schema/
    )
    expect(warnings).toEqual([
      {
        code: 'never-filled',
        path: '.spec.extra',
        message:
          "Widget.coverage.example.com v1 → v2: v2's .spec.extra is never filled and has no default: fill it in the converter from v1's fields, or give it a default in v2's schema",
      },
    ])
  })

  it('gives each pair the same report whether or not other pairs ran before it', () => {
    // Backup's v1beta1 → v1 fills prefix only from a destination with a "/": a probe must not
    // depend on how many values the pair before it used up
    const whole = conversionCoverage(backup, { numRuns: 5 })
    for (const pair of whole.pairs) {
      const alone = conversionCoverage(backup, { numRuns: 5, pairs: [[pair.from, pair.to]] })
      expect(alone.pairs).toEqual([pair])
    }
  })

  it('gives the same report for the same seed', () => {
    const again = conversionCoverage(widget, { numRuns: 30, pairs: [['v1', 'v2']] })
    expect(again).toEqual(report)
  })

  it('finds a field filled from two, and nothing to report where the converter carries all', () => {
    const Address = z.object({ host: z.string(), port: z.int() }).partial()
    const joined = defineResource({
      group: 'coverage.example.com',
      kind: 'Endpoint',
      versions: {
        v1: { schema: z.object({ spec: Address.optional() }), storage: true },
        v2: { schema: z.object({ spec: z.object({ address: z.string() }).partial().optional() }) },
      },
      converters: [
        {
          from: 'v1',
          to: 'v2',
          convert: ({ spec, ...rest }) =>
            spec === undefined ? rest : { ...rest, spec: { address: `${spec.host}:${spec.port}` } },
        },
        { from: 'v2', to: 'v1', convert: ({ spec: _spec, ...rest }) => rest },
      ],
    })
    const [forth] = conversionCoverage(joined, { numRuns: 20, pairs: [['v1', 'v2']] }).pairs
    expect(forth?.targets).toEqual([
      { field: '.spec.address', outcome: 'filled', from: ['.spec.host', '.spec.port'] },
    ])
    expect(coverageFindings({ resource: 'Endpoint', pairs: [forth!] })).toEqual({
      failures: [],
      warnings: [],
    })
  })
})

describe('docs/diff-and-coverage.md', () => {
  const page = readFileSync(join(import.meta.dirname, '../../../docs/diff-and-coverage.md'), 'utf8')

  it.each([...SOURCE_OUTCOMES, ...TARGET_OUTCOMES])('has a row for the outcome `%s`', (outcome) => {
    expect(page).toMatch(new RegExp(`^\\| \`${outcome}\` +\\|`, 'm'))
  })
})
