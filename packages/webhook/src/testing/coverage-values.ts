// The values coverage feeds the converters: generated objects, and other values for one leaf.
import * as fc from 'fast-check'
import { canonicalJson, type KubeObject, type Resource } from '../scheme/index.ts'
import { arbitraryFromJsonSchema, type JsonSchema } from './json-schema-arbitrary.ts'
import { arbitraryObjectAt } from './object-arbitrary.ts'
import type { LeafValue } from './schema-leaves.ts'

const ALTERNATIVES = 12
// text with the separators converters split at, which random strings seldom hold
const SHAPED_STRINGS = ['a/b', 'a:1', '[::1]:1', 'a.b', 'a,b', 'a=b', 'a b', 'a-b', 'a@b', '']

/** Whole and partial objects at `version`, `numRuns` of each, from the seed. */
export function sampleObjects(
  resource: Resource,
  version: string,
  numRuns: number,
  seed: number
): KubeObject[] {
  return [
    ...fc.sample(arbitraryObjectAt(resource, version), { seed, numRuns }),
    ...fc.sample(arbitraryObjectAt(resource, version, { partial: true }), {
      seed: seed + 1,
      numRuns,
    }),
  ]
}

/** A value for a leaf that differs from the one it has, from its schema; none for a constant. */
export function alternativeValues(seed: number): (leaf: LeafValue) => unknown {
  const pools = new Map<string, unknown[]>()
  return (leaf) => {
    let pool = pools.get(leaf.field)
    if (pool === undefined) {
      const values = arbitraryFromJsonSchema(leaf.schema, {
        unknownKey: fc.constantFrom('coverageProbe'),
        maxDepth: 2,
      })
      pool = [...shapedStrings(leaf.schema), ...fc.sample(values, { seed, numRuns: ALTERNATIVES })]
      if (leaf.schema['nullable'] === true) pool.push(null)
      pools.set(leaf.field, pool)
    }
    const current = canonicalJson(leaf.value)
    return pool.find((value) => canonicalJson(value) !== current)
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
