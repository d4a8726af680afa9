// The values coverage feeds the converters: generated objects, and other values for one leaf.
import * as fc from 'fast-check'
import { canonicalJson, type KubeObject, type Resource } from '@crdconv/webhook/scheme'
import { arbitraryFromJsonSchema, type JsonSchema } from './json-schema-arbitrary.ts'
import { arbitraryObjectAt } from './object-arbitrary.ts'
import type { LeafValue } from './schema-leaves.ts'

const ALTERNATIVES = 12
// text converters parse, which random strings seldom hold: Go durations and times, quantities,
// numbers, and the separators converters split at
const SHAPED_STRINGS = [
  '1m30s',
  '10s',
  '2026-01-02T03:04:05Z',
  '100Mi',
  '42',
  'true',
  'a/b',
  'a:1',
  '[::1]:1',
  'a.b',
  'a,b',
  'a=b',
  'a b',
  'a-b',
  'a@b',
  '',
]

/** Whole and partial objects at `version`, `numRuns` of each, from the seed, one of each in turn. */
export function sampleObjects(
  resource: Resource,
  version: string,
  numRuns: number,
  seed: number
): KubeObject[] {
  const whole = fc.sample(arbitraryObjectAt(resource, version), { seed, numRuns })
  const partial = fc.sample(arbitraryObjectAt(resource, version, { partial: true }), {
    seed: seed + 1,
    numRuns,
  })
  return whole.flatMap((object, index) => [object, ...partial.slice(index, index + 1)])
}

/**
 * Another value for a leaf, from its schema, each call the next of its pool (so a field is tried
 * with several); `undefined` for a leaf whose schema allows only the value it has.
 */
export function alternativeValues(seed: number): (leaf: LeafValue) => unknown {
  const pools = new Map<string, { values: unknown[]; next: number }>()
  return (leaf) => {
    let pool = pools.get(leaf.field)
    if (pool === undefined) {
      const values = arbitraryFromJsonSchema(leaf.schema, {
        unknownKey: fc.constantFrom('coverageProbe'),
        maxDepth: 2,
      })
      const sampled = fc.sample(values, { seed, numRuns: ALTERNATIVES })
      pool = { values: interleaved(shapedStrings(leaf.schema), sampled), next: 0 }
      if (leaf.schema['nullable'] === true) pool.values.push(null)
      pools.set(leaf.field, pool)
    }
    const current = canonicalJson(leaf.value)
    for (let tried = 0; tried < pool.values.length; tried++) {
      const value = pool.values[pool.next++ % pool.values.length]
      if (canonicalJson(value) !== current) return value
    }
    return undefined
  }
}

/** `SHAPED_STRINGS` a plain string field takes: no enum, pattern or format, within its lengths. */
function shapedStrings(schema: JsonSchema): string[] {
  const plain =
    schema['type'] === 'string' &&
    schema['enum'] === undefined &&
    schema['pattern'] === undefined &&
    schema['format'] === undefined
  if (!plain) return []
  const min = typeof schema['minLength'] === 'number' ? schema['minLength'] : 0
  const max = typeof schema['maxLength'] === 'number' ? schema['maxLength'] : Infinity
  return SHAPED_STRINGS.filter((text) => text.length >= min && text.length <= max)
}

/** One of each in turn while both last: shaped text and random values alike get probed. */
function interleaved(first: readonly unknown[], second: readonly unknown[]): unknown[] {
  const values: unknown[] = []
  for (let index = 0; index < Math.max(first.length, second.length); index++) {
    if (index < first.length) values.push(first[index])
    if (index < second.length) values.push(second[index])
  }
  return values
}
