// Converted objects to hand to an API server: each seed's, and a few generated ones', answer at
// every other version, beside the object it came from, both as the API server keeps them.
import * as fc from 'fast-check'
import { convertChecked } from '@crdconv/webhook/review'
import {
  createScheme,
  formatApiVersion,
  type KubeObject,
  type Resource,
} from '@crdconv/webhook/scheme'
import { storedByApiServer } from './api-server-storage.ts'
import { arbitraryObjectAt, versionJsonSchema } from './object-arbitrary.ts'
import { seededVersions } from './seeded-versions.ts'
import type { SeedSources } from './seed-objects.ts'

/** One conversion: the object at `from` and the answer at `to`, each as the API server keeps it. */
export interface ConvertedAnswer {
  readonly from: string
  readonly to: string
  /** `v1 example 2`, `corpus a.yaml`, `v1 example 2, combined`, `generated 3`. */
  readonly source: string
  readonly object: KubeObject
  readonly answer: KubeObject
}

export interface ConvertedAnswerOptions extends SeedSources {
  /** Objects generated from each version's schema beside its seeds; default 5. */
  readonly numRuns?: number
  /** Seed of the generator; default 1, so every run converts the same objects. */
  readonly seed?: number
}

/**
 * Every version's seeds, each seed with the shapes of every seed combined, and `numRuns` generated
 * objects, converted to every other version: what a client writes back after reading at that
 * version. Conversions that fail are left out (the round trips report them).
 *
 * @example
 * ```ts
 * for (const { to, answer } of convertedAnswers(cronTab)) await dryRunCreate(client, at(to), answer)
 * ```
 */
export function convertedAnswers(
  resource: Resource,
  options: ConvertedAnswerOptions = {}
): ConvertedAnswer[] {
  const scheme = createScheme([resource])
  const seeded = seededVersions(resource, options)
  const kept = (object: unknown, version: string) =>
    storedByApiServer(object, versionJsonSchema(resource, version)) as KubeObject
  const found: ConvertedAnswer[] = []
  for (const from of resource.versionNames) {
    const seeds = seeded.get(from)
    const generated = fc.sample(arbitraryObjectAt(resource, from), {
      numRuns: options.numRuns ?? 5,
      seed: options.seed ?? 1,
    })
    const objects = [
      ...(seeds?.seeds ?? []).map((seed) => ({ source: seed.source, object: seed.object })),
      ...(seeds?.combined ?? []).map((object, index) => ({
        source: `combined ${index + 1}`,
        object,
      })),
      ...generated.map((object, index) => ({ source: `generated ${index + 1}`, object })),
    ]
    for (const { source, object } of objects) {
      const original = kept(object, from)
      for (const to of resource.versionNames) {
        if (to === from) continue
        const result = convertChecked(scheme, original, formatApiVersion(resource.group, to))
        if (!result.ok) continue
        found.push({ from, to, source, object: original, answer: kept(result.object, to) })
      }
    }
  }
  return found
}
