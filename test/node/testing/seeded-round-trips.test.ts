import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import * as z from 'zod'
import { safeParse } from 'zod/v4/core'
import { stringify } from 'yaml'
import { createScheme, defineResource } from '../../../packages/webhook/src/scheme/index.ts'
import {
  checkLosslessRoundTrips,
  conversionCoverage,
  seedObjects,
} from '../../../packages/crdconv/src/testing/index.ts'
import { seededVersions } from '../../../packages/crdconv/src/testing/seeded-versions.ts'
import { fixedWorkflowScheme, lossyWorkflowScheme, workflow } from './fixtures/opaque-steps.ts'
import { readCorpus } from '../../../packages/crdconv/src/corpus/index.ts'

const scratch = mkdtempSync(join(tmpdir(), 'crdconv-seeds-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

/** A corpus folder holding `objects`, one YAML file each. */
function corpusOf(objects: readonly Record<string, unknown>[]): string {
  const folder = mkdtempSync(join(scratch, 'corpus-'))
  mkdirSync(join(folder, 'workflows'))
  objects.forEach((object, index) => {
    writeFileSync(join(folder, 'workflows', `${index}.yaml`), stringify(object))
  })
  return folder
}

const stepWithBoth = {
  apiVersion: 'example.com/v1',
  kind: 'Workflow',
  metadata: { name: 'release', namespace: 'ci', uid: '8d1c6c7e-3f0b-4f5e-9a51-7f3c2b1d0e01' },
  spec: {
    stages: [
      {
        name: 'ship',
        template: { steps: [{ name: 'push', quota: { cpu: '1' }, limits: { cpu: '4' } }] },
      },
    ],
  },
}

describe('round trips grown from examples and recorded objects', () => {
  it('catches a loss inside an opaque subtree that only a shape combined from two examples triggers', () => {
    const report = checkLosslessRoundTrips(lossyWorkflowScheme)
    expect(report.ok).toBe(false)
    const failure = report.checks.find(
      (check) => check.title === 'v1alpha1 → v1 → v1alpha1'
    )?.failure
    expect(failure?.code).toBe('data-lost')
    // shown as its difference from the example it grew from, only what the loss needs
    expect(failure?.message).toContain('grown from v1alpha1 example 1, which differs from it in:')
    expect(failure?.message).toMatch(
      /spec\.stages\[0\]\.template\.steps\[\d\]\.quota: v1alpha1 example 1 has absent, the object has \{"memory":"1Gi"\}/
    )
    expect(failure?.message).not.toContain('"creationTimestamp"')
  })

  it('passes the same resource once the converters keep the clashing key', () => {
    expect(checkLosslessRoundTrips(fixedWorkflowScheme).ok).toBe(true)
  })

  it('cannot see the loss from the schema alone: without examples the generated objects hold no steps', () => {
    const blind = createScheme([workflow({ keepsClash: false, examples: false })])
    expect(checkLosslessRoundTrips(blind, { numRuns: 200 }).ok).toBe(true)
  })

  it('grows recorded objects of a corpus folder as seeds, and checks each first', () => {
    const resource = workflow({ keepsClash: false, examples: false })
    const corpus = corpusOf([stepWithBoth, { ...stepWithBoth, kind: 'Other' }])
    expect(
      seedObjects(resource, { recorded: readCorpus(corpus) }).map((seed) => seed.source)
    ).toEqual(['corpus workflows/0.yaml'])
    const report = checkLosslessRoundTrips(resource, { recorded: readCorpus(corpus) })
    const failure = report.checks.find((check) => check.title === 'v1 → v1alpha1 → v1')?.failure
    expect(failure?.code).toBe('data-lost')
    expect(failure?.message).toContain('grown from corpus workflows/0.yaml unchanged')
  })

  it('gives the same failure for the same seed', () => {
    const run = () =>
      checkLosslessRoundTrips(lossyWorkflowScheme, { seed: 42 }).checks.map(
        (check) => check.failure?.message
      )
    expect(run()).toEqual(run())
  })

  it('follows the seeds through coverage too', () => {
    const report = conversionCoverage(workflow(), { numRuns: 1 })
    // one generated whole and one partial object, the example and its combined shape
    expect(report.pairs.map((pair) => pair.objects)).toEqual([4, 4])
  })
})

const Shape = z.object({
  spec: z.object({
    mode: z.enum(['fast', 'safe']),
    replicas: z.int().min(1),
    tags: z.optional(z.array(z.string()).max(3)),
    extra: z.optional(z.looseObject({})),
  }),
})

describe('objects grown from a seed', () => {
  const resource = defineResource({
    group: 'example.com',
    kind: 'Shape',
    versions: {
      v1: {
        schema: Shape,
        storage: true,
        examples: [
          {
            spec: { mode: 'fast', replicas: 2, tags: ['a', 'b'], extra: { steps: [{ run: 'x' }] } },
          },
          {
            spec: { mode: 'safe', replicas: 1, extra: { steps: [{ run: 'y', env: { A: '1' } }] } },
          },
        ],
      },
    },
    converters: [],
  })
  const grown = seededVersions(resource).get('v1')?.grown
  const samples = grown === undefined ? [] : fc.sample(grown, { numRuns: 300, seed: 7 })

  it('stay valid for the version schema: required fields, enums, bounds and lengths hold', () => {
    expect(samples).toHaveLength(300)
    for (const object of samples) expect(safeParse(Shape, object).success).toBe(true)
  })

  it.each([
    ['drop an optional field', (o: Spec) => o.spec.tags === undefined],
    [
      'reshape a list',
      (o: Spec) => (o.spec.tags?.length ?? 0) === 1 || (o.spec.tags?.length ?? 0) === 3,
    ],
    ['change a scalar', (o: Spec) => o.spec.replicas > 2],
    [
      'combine keys seen at one place of an opaque subtree',
      (o: Spec) => o.spec.extra?.steps?.some((step) => 'env' in step && step.run === 'x') === true,
    ],
  ])('%s', (_, holds) => {
    expect(samples.some((object) => holds(object as unknown as Spec))).toBe(true)
  })
})

interface Spec {
  spec: {
    replicas: number
    tags?: string[]
    extra?: { steps?: Record<string, unknown>[] }
  }
}
