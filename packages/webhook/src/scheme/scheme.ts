import { SchemeError } from './conversion-error.ts'
import { schemeProblem } from './scheme-problem.ts'
import { objectConverter, type ObjectConversion } from './convert-object.ts'
import type { Resource } from './resource.ts'

/** The resources one deployment serves, dispatched by each object's group and kind. */
export interface Scheme {
  readonly resources: readonly Resource[]
  resourceFor(group: string, kind: string): Resource | undefined
  /** Converts one raw object; failures come back as data, never thrown. */
  convert(object: unknown, desiredAPIVersion: string): ObjectConversion
}

/**
 * Builds the scheme a webhook serves. Throws a `SchemeError` when two resources claim the same
 * group and kind.
 *
 * @example
 * ```ts
 * const scheme = createScheme([cronTab, backup])
 * scheme.convert(storedObject, 'example.com/v1')
 * ```
 */
export function createScheme(resources: readonly Resource[]): Scheme {
  // group → kind → resource: looking up an object's resource builds no key string
  const byGroup = new Map<string, Map<string, Resource>>()
  const served: string[] = []
  for (const resource of resources) {
    const key = resource.identity.groupKind
    const kinds = byGroup.get(resource.group) ?? new Map<string, Resource>()
    if (kinds.has(resource.kind)) {
      throw new SchemeError(undefined, [
        schemeProblem(
          'resource-defined-twice',
          `${key} is defined twice: each group and kind may be served by one resource only`
        ),
      ])
    }
    byGroup.set(resource.group, kinds.set(resource.kind, resource))
    served.push(key)
  }
  return {
    resources: [...resources],
    resourceFor: (group, kind) => byGroup.get(group)?.get(kind),
    // the conversion itself, not a function that calls it: one call less on every object
    convert: objectConverter({ byGroup, served: served.join(', ') || 'nothing' }),
  }
}
