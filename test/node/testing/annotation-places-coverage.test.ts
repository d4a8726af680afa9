// Coverage, and so `crdconv check`, counts a field kept in a declared annotation of the author's
// own as kept (`annotated`), never `field-lost`: in Tekton's format (the field's JSON) and in
// Cluster API's (the whole object), where only the declared fields count.
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { defineResource, fieldMoves } from '../../../packages/webhook/src/scheme/index.ts'
import {
  conversionCoverage,
  coverageFindings,
  type PairCoverage,
} from '../../../packages/crdconv/src/testing/index.ts'
import {
  CLUSTER_API_DATA,
  machine,
  pipe,
  TEKTON_RESOURCES,
} from '../scheme/fixtures/annotation-place-schemes.ts'

const pairOf = (report: ReturnType<typeof conversionCoverage>) => report.pairs[0] as PairCoverage
const outcomes = (pair: PairCoverage, prefix: string) =>
  pair.sources
    .filter(({ field }) => field.startsWith(prefix))
    .map(({ field, outcome, annotatedAs }) => ({ field, outcome, annotatedAs }))

describe('coverage of fields kept in annotations of your own', () => {
  it.each([
    ['Tekton', pipe, 'v1beta1', 'v1', '.spec.resources', TEKTON_RESOURCES],
    [
      'Cluster API',
      machine,
      'v1beta1',
      'v1alpha4',
      '.spec.topology',
      `${CLUSTER_API_DATA} spec.topology`,
    ],
  ] as const)(
    "%s's format: every field the annotation keeps is annotated, and no finding fails",
    (_, resource, from, to, prefix, label) => {
      const report = conversionCoverage(resource, { numRuns: 20, pairs: [[from, to]] })
      const kept = outcomes(pairOf(report), prefix)
      expect(kept.length).toBeGreaterThan(0)
      for (const entry of kept) {
        expect(entry).toEqual({ field: entry.field, outcome: 'annotated', annotatedAs: [label] })
      }
      expect(coverageFindings(report).failures).toEqual([])
    }
  )

  it('still finds a field lost that the whole-object annotation holds but no move reads back', () => {
    const Hub = z.object({
      spec: z.optional(
        z.object({ topology: z.optional(z.string()), zone: z.optional(z.string()) })
      ),
    })
    const Spoke = z.object({ spec: z.optional(z.object({})) })
    const versions = { hub: { schema: Hub, storage: true }, spoke: { schema: Spoke } } as const
    const careless = defineResource({
      group: 'places.example.com',
      kind: 'Careless',
      versions,
      converters: fieldMoves(
        versions,
        'hub',
        'spoke',
        (move) => [
          move.removed('spec.topology', { annotation: CLUSTER_API_DATA, holds: 'object' }),
        ],
        {
          // drops spec.zone by hand: the annotation has it, but nothing gives it back
          then: ({ spec, ...rest }) => ({ ...rest, spec: { ...spec, zone: undefined } }),
          thenBack: (object) => object,
        }
      ),
    })
    const report = conversionCoverage(careless, { numRuns: 20, pairs: [['hub', 'spoke']] })
    expect(outcomes(pairOf(report), '.spec.zone')).toEqual([
      { field: '.spec.zone', outcome: 'lost', annotatedAs: undefined },
    ])
    expect(coverageFindings(report).failures.map(({ code, path }) => ({ code, path }))).toEqual([
      { code: 'field-lost', path: '.spec.zone' },
    ])
  })
})
