import { describe, expect, it } from 'vitest'
import { backup, cronTab } from '../../../examples/index.ts'
import { coverageOfResources } from '../../../packages/crdconv/src/testing/index.ts'

describe('coverageOfResources', () => {
  it('reports each resource in order, every ordered pair of its versions, with no failure for the examples', () => {
    const coverage = coverageOfResources([cronTab, backup], { runs: 5 })
    if ('problem' in coverage) throw new Error(coverage.problem)
    expect(coverage.reports.map((report) => report.resource)).toEqual([
      cronTab.identity.groupKind,
      backup.identity.groupKind,
    ])
    expect(coverage.reports[1]?.pairs.map((pair) => `${pair.from} → ${pair.to}`).sort()).toEqual([
      'v1 → v1alpha1',
      'v1 → v1beta1',
      'v1alpha1 → v1',
      'v1alpha1 → v1beta1',
      'v1beta1 → v1',
      'v1beta1 → v1alpha1',
    ])
    expect(coverage.failures).toEqual([])
  })

  it('covers only the pair chosen with from and to', () => {
    const coverage = coverageOfResources([backup], { from: 'v1', to: 'v1alpha1', runs: 5 })
    if ('problem' in coverage) throw new Error(coverage.problem)
    expect(coverage.reports[0]?.pairs.map((pair) => `${pair.from} → ${pair.to}`)).toEqual([
      'v1 → v1alpha1',
    ])
  })

  it.each([
    [{ from: 'v1' }, 'give --from and --to together'],
    [{ from: 'v1', to: 'v9' }, `${backup.identity.groupKind} has no version v9; it has`],
  ])('gives the problem with a choice of %j as data, naming the resource', (selection, problem) => {
    const coverage = coverageOfResources([backup], selection)
    expect('problem' in coverage && coverage.problem).toContain(problem)
  })
})
