// The kit's generated objects reach every depth a schema has and hold the values converters
// most often mishandle, so such a loss is caught at the default run count on every seed.
import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import { isPlainObject } from '../../../packages/webhook/src/json/index.ts'
import { defineResource } from '../../../packages/webhook/src/scheme/index.ts'
import type { SchemaProps } from '../../../packages/webhook/src/index.ts'
import {
  arbitraryFromJsonSchema,
  checkLosslessRoundTrips,
  DEFAULT_LEAF_BUDGET,
} from '../../../packages/crdconv/src/testing/index.ts'

const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
// ten whole checks per test: seconds on a quiet machine, more beside a CI run
const TEN_CHECKS_TIMEOUT_MS = 120_000

/** Two versions (of one schema unless told) whose v1 → v2 converter copies `spec` through `rewrite`. */
function widget(schema: z.ZodType, rewrite: (spec: unknown) => unknown, atV2 = schema) {
  return defineResource({
    group: 'example.com',
    kind: 'Widget',
    versions: { v1: { schema, storage: true }, v2: { schema: atV2 } },
    converters: [
      {
        from: 'v1',
        to: 'v2',
        convert: ({ spec, ...rest }) =>
          spec === undefined ? rest : { ...rest, spec: rewrite(spec) },
      },
      { from: 'v2', to: 'v1', convert: (object) => object },
    ],
  })
}

/** `value` with the key `key` taken out wherever `drop` says, at any depth. */
function without(value: unknown, key: string, drop: (found: unknown) => boolean): unknown {
  if (Array.isArray(value)) return value.map((item) => without(item, key, drop))
  if (!isPlainObject(value)) return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([name, found]) => name !== key || !drop(found))
      .map(([name, found]) => [name, without(found, key, drop)])
  )
}

/** The seeds on which `check` at the default run count passed `resource`. */
function seedsPassed(resource: ReturnType<typeof widget>, field: string): number[] {
  return SEEDS.filter((seed) => {
    const report = checkLosslessRoundTrips(resource, { seed })
    if (!report.ok) {
      const failure = report.checks.find((check) => !check.ok)?.failure?.message ?? ''
      expect(failure).toContain(field)
    }
    return report.ok
  })
}

// spec (1) › l2 … l7 › deep (8): every level optional, with a sibling at each
const optionalText = z.string().optional()
const Deep = z.object({
  spec: z
    .object({
      name: optionalText,
      l2: z
        .object({
          name: optionalText,
          l3: z
            .object({
              name: optionalText,
              l4: z
                .object({
                  name: optionalText,
                  l5: z
                    .object({
                      name: optionalText,
                      l6: z
                        .object({
                          name: optionalText,
                          l7: z.object({ name: optionalText, deep: optionalText }).optional(),
                        })
                        .optional(),
                    })
                    .optional(),
                })
                .optional(),
            })
            .optional(),
        })
        .optional(),
    })
    .optional(),
})

const Values = z.object({
  spec: z
    .object({
      selector: z.string().optional(),
      enabled: z.boolean().optional(),
      replicas: z.int().min(0).max(100).optional(),
      ports: z.array(z.int()).optional(),
      labels: z.record(z.string(), z.string()).optional(),
    })
    .optional(),
})

// v1 fills in `tier` when it is absent, v2 does not: an explicit "gold" at v2 must survive v1
const TierV1 = z.object({ spec: z.object({ tier: z.string().default('gold') }).optional() })
const TierV2 = z.object({ spec: z.object({ tier: z.string().optional() }).optional() })

describe(
  'generated objects reach every depth the schema has',
  { timeout: TEN_CHECKS_TIMEOUT_MS },
  () => {
    it('catches a converter that drops a field 8 levels deep, on each of 10 seeds', () => {
      const lossy = widget(Deep, (spec) => without(spec, 'deep', () => true))
      expect(seedsPassed(lossy, 'deep')).toEqual([])
    })

    it('passes the same scheme with a faithful converter, on each of 10 seeds', () => {
      expect(
        seedsPassed(
          widget(Deep, (spec) => spec),
          'deep'
        )
      ).toEqual(SEEDS)
    })
  }
)

describe(
  'generated objects hold the values converters mishandle',
  { timeout: TEN_CHECKS_TIMEOUT_MS },
  () => {
    it.each<[string, string, (value: unknown) => boolean]>([
      ['an explicit "*"', 'selector', (value) => value === '*'],
      ['an empty string', 'selector', (value) => value === ''],
      ['false', 'enabled', (value) => value === false],
      ['zero', 'replicas', (value) => value === 0],
      ['the maximum', 'replicas', (value) => value === 100],
      ['an empty list', 'ports', (value) => Array.isArray(value) && value.length === 0],
      [
        'an empty map',
        'labels',
        (value) => isPlainObject(value) && Object.keys(value).length === 0,
      ],
    ])(
      'catches a converter that turns %s into absence, on each of 10 seeds',
      (_what, key, drop) => {
        const lossy = widget(Values, (spec) => without(spec, key, drop))
        expect(seedsPassed(lossy, key)).toEqual([])
      }
    )

    it("catches a converter that turns one version's default into absence at another, on each of 10 seeds", () => {
      const lossy = widget(
        TierV1,
        (spec) => without(spec, 'tier', (value) => value === 'gold'),
        TierV2
      )
      expect(seedsPassed(lossy, 'tier')).toEqual([])
    })
  }
)

describe('a schema wider than the leaf budget', () => {
  // a binary tree of objects 12 levels deep: 4,096 leaves when generated whole
  const tree = (levels: number): SchemaProps =>
    levels === 0
      ? { type: 'string' }
      : { type: 'object', properties: { left: tree(levels - 1), right: tree(levels - 1) } }
  const values = fc.sample(
    arbitraryFromJsonSchema(tree(12), { unknownKey: fc.constant('extra') }),
    { numRuns: 200, seed: 1 }
  )
  const leaves = (value: unknown): number =>
    isPlainObject(value) ? Object.values(value).reduce<number>((sum, v) => sum + leaves(v), 0) : 1
  const depth = (value: unknown): number =>
    isPlainObject(value) ? 1 + Math.max(0, ...Object.values(value).map(depth)) : 0

  it('is sampled: values hold no more leaves than the budget on average', () => {
    const average = values.reduce<number>((sum, value) => sum + leaves(value), 0) / values.length
    expect(average).toBeLessThanOrEqual(DEFAULT_LEAF_BUDGET)
  })

  it('still reaches its deepest leaves', () => {
    expect(Math.max(...values.map(depth))).toBe(12)
  })
})
