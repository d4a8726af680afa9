// Which opaque subtrees of a resource the seeds reach inside with structure: where the kit can try
// realistic shapes, and where it only has the random ones the schema allows.
import { opaqueSubtrees, type OpaqueSubtree } from '../crd/index.ts'
import { isPlainObject, type Resource } from '@crdconv/webhook/scheme'
import { versionJsonSchema } from './object-arbitrary.ts'
import { seedObjects, type SeedSources } from './seed-objects.ts'
import { placesOf } from './seed-shapes.ts'
import { fieldAt } from './schema-leaves.ts'

/** One opaque subtree of a resource, the versions that have it, and the seeds that reach inside it. */
export interface OpaqueSubtreeReach extends OpaqueSubtree {
  readonly versions: readonly string[]
  /** Seeds (`v1 example 2`, `corpus pipelines/a.yaml`) that hold structure there; none: never exercised. */
  readonly reachedBy: readonly string[]
}

const FRAMEWORK_FIELDS = new Set(['apiVersion', 'kind', 'metadata'])

/**
 * Every opaque subtree of `resource` (`opaqueSubtrees` of each version's schema, one entry per field
 * and kind), with the seeds whose value there has structure: an object or list with something in
 * it (beside the declared properties, for preserve-unknown-fields with properties; beside
 * `apiVersion`, `kind` and `metadata`, for an embedded resource), or any value for an int-or-string.
 *
 * @example
 * ```ts
 * opaqueSubtreeReach(pipeline, { recorded: readCorpus('corpus') }).filter((place) => place.reachedBy.length === 0)
 * ```
 */
export function opaqueSubtreeReach(
  resource: Resource,
  sources: SeedSources = {}
): OpaqueSubtreeReach[] {
  const seeds = seedObjects(resource, sources)
  const found = new Map<
    string,
    { subtree: OpaqueSubtree; versions: string[]; reachedBy: string[] }
  >()
  for (const version of resource.versionNames) {
    const schema = versionJsonSchema(resource, version)
    const subtrees = opaqueSubtrees(schema)
    if (subtrees.length === 0) continue
    const valuesAt = new Map<string, { source: string; value: unknown }[]>()
    for (const seed of seeds.filter((seed) => seed.version === version)) {
      const places = [{ place: [], value: seed.object as unknown }, ...placesOf(seed.object)]
      for (const { place, value } of places) {
        const field = place.length === 0 ? '(root)' : fieldAt(schema, place)
        valuesAt.set(field, [...(valuesAt.get(field) ?? []), { source: seed.source, value }])
      }
    }
    for (const subtree of subtrees) {
      const key = `${subtree.field} ${subtree.kind}`
      const entry = found.get(key) ?? { subtree, versions: [], reachedBy: [] }
      entry.versions.push(version)
      for (const { source, value } of valuesAt.get(subtree.field) ?? []) {
        if (hasStructure(subtree, value) && !entry.reachedBy.includes(source)) {
          entry.reachedBy.push(source)
        }
      }
      found.set(key, entry)
    }
  }
  return [...found.values()].map(({ subtree, versions, reachedBy }) => ({
    ...subtree,
    versions,
    reachedBy,
  }))
}

function hasStructure(subtree: OpaqueSubtree, value: unknown): boolean {
  switch (subtree.kind) {
    case 'int-or-string':
      return typeof value === 'string' || typeof value === 'number'
    case 'embedded-resource':
      return isPlainObject(value) && Object.keys(value).some((key) => !FRAMEWORK_FIELDS.has(key))
    case 'preserve-unknown-fields':
      if (Array.isArray(value)) return value.length > 0
      if (!isPlainObject(value)) return false
      return Object.keys(value).some(
        (key) =>
          !subtree.declared.includes(key) &&
          !(subtree.field === '(root)' && FRAMEWORK_FIELDS.has(key))
      )
  }
}
