// diff and coverage on a resource with three versions and the changes real CRDs make: a rename,
// a split, an enum narrowed, a field added with a default (fixtures/storage-pool.ts).
import { describe, expect, it } from 'vitest'
import {
  describeSchemaDifference,
  diffVersions,
  schemasOfResource,
  versionPairs,
} from '../../../packages/crdconv/src/diff/index.ts'
import {
  checkLosslessRoundTrips,
  conversionCoverage,
  coverageFindings,
} from '../../../packages/crdconv/src/testing/index.ts'
import { storagePool } from './fixtures/storage-pool.ts'

const pool = storagePool()
const report = conversionCoverage(pool, { numRuns: 30 })
const pairOf = (from: string, to: string) =>
  report.pairs.find((pair) => pair.from === from && pair.to === to)

describe('a resource with three versions', () => {
  it('round-trips whole and partial objects: the converters are right', () => {
    expect(checkLosslessRoundTrips(pool, { numRuns: 30 }).ok).toBe(true)
    expect(checkLosslessRoundTrips(pool, { numRuns: 30, partial: true }).ok).toBe(true)
  })

  it('diffs each pair of adjacent versions, oldest first', () => {
    const schemas = schemasOfResource(pool)
    const chosen = versionPairs(schemas)
    expect(chosen).toEqual({
      pairs: [
        ['v1alpha1', 'v1beta1'],
        ['v1beta1', 'v1'],
      ],
    })
    const pairs = 'pairs' in chosen ? diffVersions(schemas, chosen.pairs) : []
    expect(pairs.map((pair) => pair.differences.map(describeSchemaDifference))).toEqual([
      [
        '.spec.size: removed (integer)',
        '.spec.endpoint: removed (string)',
        '.spec.capacity: added (integer)',
        '.spec.host: added (string)',
        '.spec.port: added (integer)',
      ],
      ['.spec.tier: enum values removed ("bronze")', '.spec.replicas: added (integer, default 1)'],
    ])
  })

  it.each([
    ['v1alpha1', 'v1beta1', '.spec.size', 'moved', ['.spec.capacity'], []],
    ['v1alpha1', 'v1beta1', '.spec.endpoint', 'moved', ['.spec.host', '.spec.port'], []],
    ['v1alpha1', 'v1', '.spec.endpoint', 'moved', ['.spec.host', '.spec.port'], []],
    ['v1beta1', 'v1', '.spec.tier', 'carried', ['.spec.tier'], ['tier']],
    ['v1', 'v1beta1', '.spec.replicas', 'stashed', [], ['replicas']],
    ['v1', 'v1alpha1', '.spec.port', 'moved', ['.spec.endpoint'], ['port']],
  ])('%s → %s: %s is %s', (from, to, field, outcome, reached, stashedAs) => {
    expect(pairOf(from, to)?.sources.find((source) => source.field === field)).toEqual({
      field,
      outcome,
      to: reached,
      stashedAs,
    })
  })

  it.each([
    ['v1beta1', 'v1', '.spec.replicas', { outcome: 'never-filled', default: 1 }],
    [
      'v1beta1',
      'v1alpha1',
      '.spec.endpoint',
      { outcome: 'filled', from: ['.spec.host', '.spec.port'] },
    ],
    ['v1alpha1', 'v1', '.spec.capacity', { outcome: 'filled', from: ['.spec.size'] }],
  ])('%s → %s: %s', (from, to, field, expected) => {
    expect(pairOf(from, to)?.targets.find((target) => target.field === field)).toMatchObject(
      expected
    )
  })

  it('finds nothing to fail or warn about in converters that handle every change', () => {
    expect(coverageFindings(report)).toEqual({ failures: [], warnings: [] })
  })

  it('fails the narrowed enum where the converter carries bronze into v1 as it is', () => {
    const careless = conversionCoverage(storagePool({ narrowing: false }), { numRuns: 30 })
    const { failures } = coverageFindings(careless)
    expect(failures).toEqual([
      {
        code: 'value-refused',
        path: '.spec.tier',
        message: expect.stringMatching(
          /^StoragePool\.pools\.example\.com v1alpha1 → v1: v1's \.spec\.tier gets values v1's schema refuses \(not one of "gold", "silver"; for example "bronze"\)/
        ),
      },
      {
        code: 'value-refused',
        path: '.spec.tier',
        message: expect.stringMatching(/^StoragePool\.pools\.example\.com v1beta1 → v1: /),
      },
    ])
  })
})
