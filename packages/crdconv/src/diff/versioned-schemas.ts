import {
  resourceIdentity,
  type Resource,
  type ResourceIdentity,
  type SchemaProps,
} from '@crdconv/webhook/scheme'
import {
  opaqueSubtrees,
  sortByVersionPriority,
  toCrdSchema,
  type CrdShape,
  type OpaqueSubtree,
} from '../crd/index.ts'
import { schemaDifferences, type SchemaDifference } from './schema-differences.ts'

/** One resource's versions with their structural schemas, from a scheme or from a CRD. */
export interface VersionedSchemas {
  readonly identity: ResourceIdentity
  /** Kind, plural, singular and short names: what `--resource` matches. */
  readonly names: readonly string[]
  readonly versions: readonly { name: string; served: boolean; schema: SchemaProps }[]
  /** Versions whose zod schema cannot be said as a CRD schema, with why. */
  readonly problems: readonly string[]
}

/** The differences between two versions of one resource. */
export interface VersionPairDifferences {
  readonly from: string
  readonly to: string
  readonly differences: readonly SchemaDifference[]
  /**
   * The opaque subtrees of either version (`opaqueSubtrees`): the comparison cannot see inside
   * them, and neither can objects generated from the schemas.
   */
  readonly opaqueSubtrees: readonly OpaqueSubtree[]
}

/**
 * The versions of a scheme's resource, each schema made by the code `crdconv crd` writes the
 * CRD with, so a scheme and the CRD generated from it give the same differences.
 *
 * @example
 * ```ts
 * diffVersions(schemasOfResource(cronTab))
 * ```
 */
export function schemasOfResource(resource: Resource): VersionedSchemas {
  const problems: string[] = []
  const versions = resource.versionNames.map((name) => {
    const version = resource.versions[name]
    const made = toCrdSchema(version?.schema as Parameters<typeof toCrdSchema>[0])
    problems.push(...made.problems.map((problem) => `${name}: ${problem}`))
    return { name, served: version?.served ?? true, schema: made.openAPIV3Schema }
  })
  const { names } = resource
  return {
    identity: resource.identity,
    names: [resource.kind, names.plural, names.singular, ...(names.shortNames ?? [])],
    versions,
    problems,
  }
}

/**
 * The versions of a CRD as read from a file or a cluster (`readCrdDocuments`).
 *
 * @example
 * ```ts
 * const [{ crd }] = readCrdDocuments(text).crds
 * diffVersions(schemasOfCrd(crd), [['v1beta1', 'v1']])
 * ```
 */
export function schemasOfCrd(crd: CrdShape): VersionedSchemas {
  const { spec } = crd
  const kind = String(spec.names['kind'])
  const plural = String(spec.names['plural'])
  const shortNames = spec.names['shortNames']
  return {
    identity: resourceIdentity(spec.group, kind, plural),
    names: [
      kind,
      plural,
      String(spec.names['singular'] ?? kind.toLowerCase()),
      ...(Array.isArray(shortNames) ? shortNames.map(String) : []),
    ],
    versions: spec.versions.map((version) => ({
      name: version.name,
      served: version.served ?? true,
      schema: version.schema?.openAPIV3Schema ?? { type: 'object' },
    })),
    problems: [],
  }
}

/**
 * The pairs to compare: `from` and `to` when given (any versions, served or not), else each pair
 * of adjacent served versions, oldest first (`v1alpha1 → v1beta1`, `v1beta1 → v1`). A version the
 * resource does not have comes back as a message naming the ones it has.
 *
 * @example
 * ```ts
 * versionPairs(schemasOfResource(cronTab)) // { pairs: [['v1beta1', 'v1']] }
 * ```
 */
export function versionPairs(
  resource: VersionedSchemas,
  chosen: { from?: string | undefined; to?: string | undefined } = {}
): { pairs: [string, string][] } | { problem: string } {
  const names = resource.versions.map((version) => version.name)
  if (chosen.from !== undefined || chosen.to !== undefined) {
    for (const version of [chosen.from, chosen.to]) {
      if (version === undefined) return { problem: 'give --from and --to together' }
      if (!names.includes(version)) {
        return {
          problem: `${resource.identity.groupKind} has no version ${version}; it has ${names.join(', ')}`,
        }
      }
    }
    return { pairs: [[chosen.from as string, chosen.to as string]] }
  }
  const served = resource.versions.filter((version) => version.served).map(({ name }) => name)
  const oldestFirst = sortByVersionPriority(served).reverse()
  return {
    pairs: oldestFirst.slice(1).map((to, index) => [oldestFirst[index] as string, to]),
  }
}

/**
 * The differences of each pair, in the order given.
 *
 * @example
 * ```ts
 * const schemas = schemasOfResource(cronTab)
 * diffVersions(schemas, [['v1beta1', 'v1']])[0].differences // [{ path: '.hostPort', kind: 'removed', … }, …]
 * ```
 */
export function diffVersions(
  resource: VersionedSchemas,
  pairs: readonly (readonly [string, string])[]
): VersionPairDifferences[] {
  const schemaOf = (name: string) =>
    resource.versions.find((version) => version.name === name)?.schema ?? {}
  return pairs.map(([from, to]) => {
    const opaque = [...opaqueSubtrees(schemaOf(from)), ...opaqueSubtrees(schemaOf(to))]
    const seen = new Set<string>()
    return {
      from,
      to,
      differences: schemaDifferences(schemaOf(from), schemaOf(to)),
      opaqueSubtrees: opaque.filter((place) => {
        const key = `${place.field} ${place.kind}`
        return !seen.has(key) && seen.add(key) !== undefined
      }),
    }
  })
}
