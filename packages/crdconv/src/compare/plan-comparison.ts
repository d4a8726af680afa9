import type { Resource } from '@crdconv/webhook/scheme'
import type { PlannedObject } from './compare-answers.ts'
import { objectsToCompare, type ObjectSelection } from './compared-objects.ts'

/**
 * Every object `compare` sends: for each resource, each version's recorded, example and generated
 * objects, converted to every other version (both directions of every pair).
 *
 * @example
 * ```ts
 * const planned = await planComparison(scheme.resources, { corpus: [], generated: 20, seed: 1, kit })
 * ```
 */
export async function planComparison(
  resources: readonly Resource[],
  selection: ObjectSelection
): Promise<PlannedObject[]> {
  const planned: PlannedObject[] = []
  for (const resource of resources) {
    for (const from of resource.versionNames) {
      const objects = await objectsToCompare(resource, from, selection)
      for (const to of resource.versionNames) {
        if (to === from) continue
        for (const object of objects) planned.push({ ...object, resource, from, to })
      }
    }
  }
  return planned
}
