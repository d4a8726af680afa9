import { formatApiVersion, type KubeObject, type Resource } from '@crdconv/webhook/scheme'
import { exampleObjects } from '../crd/index.ts'
import type { CorpusObject } from '../corpus/index.ts'

/** The part of the round-trip kit (`crdconv/testing`) that generates objects; fast-check loads with it. */
export type GeneratingKit = Pick<
  typeof import('../testing/index.ts'),
  'arbitraryObjectAt' | 'storedByApiServer' | 'versionJsonSchema'
>

/** Where an object sent to both sides came from. */
export type ObjectSource = 'recorded' | 'example' | 'generated'

export interface ComparedObject {
  readonly source: ObjectSource
  /** `recorded pools/a.yaml#2`, `example 1`, `generated 7`: where to find it again. */
  readonly label: string
  readonly object: KubeObject
}

export interface ObjectSelection {
  /** Recorded objects (`readCorpus`); those at `version` of the resource's kind are sent. */
  readonly corpus: readonly CorpusObject[]
  /** Objects generated from the version's schema, 0 for none. */
  readonly generated: number
  /** fast-check's seed: the same seed sends the same objects. */
  readonly seed: number
  /** Needed when `generated` is above 0. */
  readonly kit?: GeneratingKit | undefined
}

/**
 * The objects at `version` of `resource` that `compare` sends: the recorded ones, the version's
 * examples, and objects generated from its schema as the API server would store them.
 *
 * @example
 * ```ts
 * const objects = await objectsToCompare(pool, 'v1alpha1', { corpus: readCorpus('corpus'), generated: 0, seed: 1 })
 * ```
 */
export async function objectsToCompare(
  resource: Resource,
  version: string,
  selection: ObjectSelection
): Promise<ComparedObject[]> {
  const apiVersion = formatApiVersion(resource.group, version)
  const recorded = selection.corpus
    .filter(({ object }) => object['apiVersion'] === apiVersion && object['kind'] === resource.kind)
    .map(({ source, object }) => ({
      source: 'recorded' as const,
      label: `recorded ${source}`,
      object: object as KubeObject,
    }))
  const examples = exampleObjects(resource, version).map((object, index) => ({
    source: 'example' as const,
    label: `example ${index}`,
    object,
  }))
  return [...recorded, ...examples, ...(await generatedObjects(resource, version, selection))]
}

async function generatedObjects(
  resource: Resource,
  version: string,
  { generated, seed, kit }: ObjectSelection
): Promise<ComparedObject[]> {
  if (generated <= 0 || kit === undefined) return []
  const fc = await import('fast-check')
  const schema = kit.versionJsonSchema(resource, version)
  const objects = fc.sample(kit.arbitraryObjectAt(resource, version), { numRuns: generated, seed })
  return objects.map((object, index) => ({
    source: 'generated' as const,
    label: `generated ${index}`,
    object: kit.storedByApiServer(object, schema) as KubeObject,
  }))
}
