// The objects the kit grows realistic ones from: each version's `examples`, hand-written objects
// given to it, and objects recorded from a cluster (a corpus folder).
import { jsonCopy } from '@crdconv/webhook/json'
import { formatApiVersion, type KubeObject, type Resource } from '@crdconv/webhook/scheme'
import type { CorpusObject } from '../corpus/index.ts'
import { exampleObjects } from '../crd/index.ts'

/** One object the kit grows others from, at one version of the resource, and where it came from. */
export interface SeedObject {
  readonly version: string
  /** `v1beta1 example 2`, `given example 1`, `corpus pipelines/build.yaml`. */
  readonly source: string
  readonly object: KubeObject
}

/** Where seeds come from beside each version's own `examples`. */
export interface SeedSources {
  /** Hand-written objects, each a seed at the version its `apiVersion` names. */
  readonly examples?: readonly KubeObject[]
  /**
   * Objects read from a corpus folder (`crdconv check` and `coverage` read the project's); those
   * of the resource's group and kind are seeds. The kit reads no files: it runs in workerd too.
   */
  readonly recorded?: readonly CorpusObject[]
}

/**
 * Every seed of `resource`, version by version in its order: the `examples` given, the version's
 * own `examples` (as `exampleObjects` frames them), then the corpus's objects of this kind.
 *
 * @example
 * ```ts
 * const seeds = seedObjects(pipeline, { recorded: readCorpus('corpus') })
 * seeds.filter((seed) => seed.version === 'v1').length
 * ```
 */
export function seedObjects(resource: Resource, sources: SeedSources = {}): SeedObject[] {
  const recorded = sources.recorded ?? []
  return resource.versionNames.flatMap((version) => {
    const apiVersion = formatApiVersion(resource.group, version)
    const ofVersion = (object: KubeObject) =>
      object.apiVersion === apiVersion && object.kind === resource.kind
    // the first of exampleObjects is the bare object: no shape to grow from
    const own = exampleObjects(resource, version)
      .slice(1)
      .map((object, index) => ({ version, source: `${version} example ${index + 1}`, object }))
    const given = (sources.examples ?? []).filter(ofVersion).map((object, index) => ({
      version,
      source: `given example ${index + 1}`,
      object: jsonCopy(object),
    }))
    const fromCorpus = recorded
      .filter(({ object }) => ofVersion(object))
      .map(({ source, object }) => ({
        version,
        source: `corpus ${source}`,
        object: jsonCopy(object) as KubeObject,
      }))
    return [...given, ...own, ...fromCorpus]
  })
}
