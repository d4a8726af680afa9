// The last step of a CRD's version lifecycle: its definition with one version and no webhook.
import { buildResourceCrds } from '../crd/index.ts'
import type { Resource } from '@crdconv/webhook/scheme'

/**
 * Why `resources` cannot retire their webhook yet: one line per resource that still has more than
 * one version, naming them and the steps before `retire`. Empty when every one has one version.
 */
export function unretiredVersions(resources: readonly Resource[]): string[] {
  return resources
    .filter((resource) => resource.versionNames.length > 1)
    .map(
      (resource) =>
        `${resource.identity.crdName} still has versions ${resource.versionNames.join(', ')}: ` +
        `migrate (crdconv migrate), stop serving the others, then remove all but ${resource.storageVersion} from the scheme`
    )
}

/**
 * Each resource's CRD with `conversion.strategy: None`, so that the API server never calls the
 * webhook again, and the problems (a schema that cannot be said as a structural CRD), each
 * prefixed with its CRD's name.
 *
 * @example
 * ```ts
 * const { crds, problems } = retiredCrds(scheme.resources)
 * if (problems.length === 0) console.log(crds) // spec.conversion: { strategy: 'None' }
 * ```
 */
export function retiredCrds(resources: readonly Resource[]): {
  crds: unknown[]
  problems: readonly string[]
} {
  // the URL is never used: the stanza that holds it is replaced
  const { crds, problems } = buildResourceCrds(resources, { url: 'https://retired.invalid/' })
  return {
    crds: crds.map((crd) => ({ ...crd, spec: { ...crd.spec, conversion: { strategy: 'None' } } })),
    problems,
  }
}
