import { xrdOf, type Xrd } from '@crdconv/webhook'
import type { Resource } from '@crdconv/webhook/scheme'

/** A scheme's resources split: the XRDs some of them come from, once each, and the others. */
export interface XrdsInScheme {
  readonly xrds: readonly Xrd[]
  readonly others: readonly Resource[]
}

/**
 * The XRDs behind `resources` (a composite resource and its claim give one), in the order of
 * their first resource, and the resources no XRD declared.
 *
 * @example
 * ```ts
 * const { xrds, others } = xrdsInScheme(scheme.resources)
 * ```
 */
export function xrdsInScheme(resources: readonly Resource[]): XrdsInScheme {
  const xrds: Xrd[] = []
  const others: Resource[] = []
  for (const resource of resources) {
    const found = xrdOf(resource)
    if (found === undefined) others.push(resource)
    else if (!xrds.includes(found.xrd)) xrds.push(found.xrd)
  }
  return { xrds, others }
}
