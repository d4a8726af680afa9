// Per version of a resource: its seeds, each seed with every shape combined, and objects grown
// from them, valid for the version's schema where the seed is.
import type * as fc from 'fast-check'
import { safeParse, type $ZodType } from 'zod/v4/core'
import {
  canonicalJson,
  isPlainObject,
  type KubeObject,
  type Resource,
} from '@crdconv/webhook/scheme'
import { combinedObject, grownObjects, type Acceptable } from './seed-mutations.ts'
import { seedObjects, type SeedObject, type SeedSources } from './seed-objects.ts'
import { placesOf, shapePool, type Place } from './seed-shapes.ts'
import { versionJsonSchema } from './object-arbitrary.ts'
import type { JsonSchema } from './json-schema-arbitrary.ts'

/** What the kit grows from at one version. */
export interface VersionSeeds {
  readonly seeds: readonly SeedObject[]
  /** Each seed with every key seen at each of its places combined, where that changed it. */
  readonly combined: readonly KubeObject[]
  /** Seeds with mutations; `undefined` without seeds. */
  readonly grown: fc.Arbitrary<KubeObject> | undefined
}

/**
 * The seeds of every version of `resource` (`seedObjects`), and what grows from them: one pool of
 * shapes from all versions' seeds, so a subtree seen at one version is tried at every other.
 *
 * @example
 * ```ts
 * const atV1 = seededVersions(pipeline, { recorded: readCorpus('corpus') }).get('v1')
 * ```
 */
export function seededVersions(
  resource: Resource,
  sources: SeedSources = {}
): Map<string, VersionSeeds> {
  const seeds = seedObjects(resource, sources)
  const pool = shapePool(seeds.map((seed) => seed.object))
  const byVersion = new Map<string, VersionSeeds>()
  for (const version of resource.versionNames) {
    const own = seeds.filter((seed) => seed.version === version)
    const schema = resource.versions[version]?.schema as $ZodType
    const valid = (object: KubeObject) => safeParse(schema, object).success
    const borrowed = borrowedNames(resource, version)
    // a recorded object today's schema refuses still gets converted: its mutations are not judged
    const judged = new Map(
      own.map((seed) => [seed, { valid: valid(seed.object), borrowed: borrowed(seed.object) }])
    )
    const acceptable: Acceptable = (object, seed) => {
      const before = judged.get(seed)
      if (before === undefined || borrowed(object) > before.borrowed) return false
      return !before.valid || valid(object)
    }
    const combined = own.flatMap((seed) => {
      const object = combinedObject(seed, pool, acceptable)
      return canonicalJson(object) === canonicalJson(seed.object) ? [] : [object]
    })
    const grown = own.length === 0 ? undefined : grownObjects(own, pool, acceptable)
    byVersion.set(version, { seeds: own, combined, grown })
  }
  return byVersion
}

/**
 * How many unknown keys of an object at `version` another version declares at the same place: a
 * field of that version where this one keeps unknown fields. Grown objects get none the seed
 * does not have, as generated ones get none (such a key means one thing at one version and
 * another at the other: no conversion can keep both).
 */
function borrowedNames(resource: Resource, version: string): (object: KubeObject) => number {
  const own = versionJsonSchema(resource, version)
  const others = resource.versionNames
    .filter((name) => name !== version)
    .map((name) => versionJsonSchema(resource, name))
  return (object) => {
    let count = 0
    for (const { place } of placesOf(object)) {
      const key = place.at(-1)
      if (typeof key !== 'string') continue
      const parent = place.slice(0, -1)
      const here = nodeAt(own, parent)
      if (here === undefined || declares(here, key)) continue
      if (others.some((schema) => declaresAt(schema, parent, key))) count++
    }
    return count
  }
}

function declares(node: JsonSchema, key: string): boolean {
  return isPlainObject(node['properties']) && Object.hasOwn(node['properties'], key)
}

function declaresAt(schema: JsonSchema, place: Place, key: string): boolean {
  const node = nodeAt(schema, place)
  return node !== undefined && declares(node, key)
}

/** The schema node at a place of an object, where the schema says one (not inside opaque ones). */
function nodeAt(schema: JsonSchema, place: Place): JsonSchema | undefined {
  let node: JsonSchema | undefined = schema
  for (const step of place) {
    if (node === undefined) return undefined
    const next: unknown =
      typeof step === 'number'
        ? node['items']
        : isPlainObject(node['properties']) && Object.hasOwn(node['properties'], step)
          ? node['properties'][step]
          : node['additionalProperties']
    node = isPlainObject(next) ? next : undefined
  }
  return node
}
