import type { $ZodType, output } from 'zod/v4/core'
import { SchemeError } from './conversion-error.ts'
import { findShortestPaths, type ConverterPaths } from './converter-graph.ts'
import type { KubeObject, ObjectMeta } from './kube-object.ts'

/** One served version of a kind: the zod schema of its fields beside `apiVersion`, `kind` and `metadata`. */
export interface VersionDefinition<Schema extends $ZodType = $ZodType> {
  readonly schema: Schema
  /** Exactly one version of a resource is the one etcd stores. */
  readonly storage?: boolean
  readonly served?: boolean
  readonly deprecated?: boolean
  readonly deprecationWarning?: string
}

export type VersionMap = Readonly<Record<string, VersionDefinition>>

/** Every field optional, all the way down: server-side apply and old objects send partial ones. */
export type DeepPartial<T> = T extends readonly (infer Item)[]
  ? DeepPartial<Item>[]
  : T extends object
    ? { [Key in keyof T]?: DeepPartial<T[Key]> | undefined }
    : T

/** What a converter receives for version `Version`: the raw object, unknown fields and all. */
export type ObjectAt<Versions extends VersionMap, Version extends keyof Versions> = KubeObject &
  DeepPartial<output<Versions[Version]['schema']>>

/** What a converter returns for version `Version`; `apiVersion`, `kind` and metadata other than labels and annotations are the framework's. */
export type ConvertedObject<
  Versions extends VersionMap,
  Version extends keyof Versions,
> = DeepPartial<output<Versions[Version]['schema']>> & {
  apiVersion?: string
  kind?: string
  metadata?: ObjectMeta
}

/** Where a conversion step runs: the resource, this step's versions and the whole conversion's ends. */
export interface ConversionContext {
  readonly group: string
  readonly kind: string
  /** This step's source and target versions. */
  readonly from: string
  readonly to: string
  /** The versions the object started at and is going to (several steps apart on a chain). */
  readonly sourceVersion: string
  readonly targetVersion: string
}

/** A converter as the framework runs it, its types erased. */
export interface Converter {
  readonly from: string
  readonly to: string
  readonly convert: (object: KubeObject, context: ConversionContext) => unknown
}

/** One edge of the version graph, typed by the schemas of its two ends. */
export type ConverterBetween<Versions extends VersionMap> = {
  [From in keyof Versions & string]: {
    [To in Exclude<keyof Versions & string, From>]: {
      readonly from: From
      readonly to: To
      readonly convert: (
        object: ObjectAt<Versions, From>,
        context: ConversionContext
      ) => ConvertedObject<Versions, To>
    }
  }[Exclude<keyof Versions & string, From>]
}[keyof Versions & string]

export interface ResourceNames {
  readonly plural: string
  readonly singular: string
  readonly shortNames?: readonly string[]
  readonly categories?: readonly string[]
  readonly listKind?: string
}

export interface ResourceDefinition<Versions extends VersionMap> {
  readonly group: string
  readonly kind: string
  readonly names?: Partial<ResourceNames>
  readonly scope?: 'Namespaced' | 'Cluster'
  readonly versions: Versions
  readonly converters: readonly ConverterBetween<Versions>[]
}

/** A checked resource: its versions, converters and the shortest conversion path between every pair. */
export interface Resource<Versions extends VersionMap = VersionMap> {
  readonly group: string
  readonly kind: string
  readonly names: ResourceNames
  readonly scope: 'Namespaced' | 'Cluster'
  readonly versions: Versions
  /** Version names in the order they were declared. */
  readonly versionNames: readonly string[]
  readonly storageVersion: string
  readonly converters: readonly Converter[]
  /** The converters to run, in order, to go from one version to another; `[]` for the same version. */
  readonly paths: ConverterPaths
}

/**
 * Declares a custom resource: its group and kind, a zod schema per version, and the converters
 * between versions. Converters form a graph; each conversion follows the shortest path, so a hub
 * and its spokes, a chain (`v1alpha1 → v1beta1 → v1`) or any mix work. Throws a `SchemeError` at
 * once when the definition cannot serve every conversion.
 *
 * @example
 * ```ts
 * const cronTab = defineResource({
 *   group: 'example.com',
 *   kind: 'CronTab',
 *   versions: { v1beta1: { schema: CronTabV1beta1, storage: true }, v1: { schema: CronTabV1 } },
 *   converters: [
 *     { from: 'v1beta1', to: 'v1', convert: ({ hostPort, ...rest }) => ({ ...rest, ...splitHostPort(hostPort) }) },
 *     { from: 'v1', to: 'v1beta1', convert: ({ host, port, ...rest }) => ({ ...rest, hostPort: `${host}:${port}` }) },
 *   ],
 * })
 * ```
 */
export function defineResource<const Versions extends VersionMap>(
  definition: ResourceDefinition<Versions>
): Resource<Versions> {
  const label = `${definition.kind}.${definition.group}`
  if (!/^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)+$/.test(definition.group)) {
    throw new SchemeError(
      `${label}: group "${definition.group}" must be a lowercase DNS subdomain with at least one dot, like example.com`
    )
  }
  if (!/^[A-Z][A-Za-z0-9]*$/.test(definition.kind)) {
    throw new SchemeError(
      `${label}: kind "${definition.kind}" must be a CamelCase name like CronTab`
    )
  }
  const versionNames = Object.keys(definition.versions)
  if (versionNames.length === 0) throw new SchemeError(`${label}: declares no versions`)
  for (const version of versionNames) {
    if (!/^[a-z]([-a-z0-9]*[a-z0-9])?$/.test(version) || version.length > 63) {
      throw new SchemeError(
        `${label}: version "${version}" must be a DNS-1035 label like v1 or v2beta1`
      )
    }
  }
  const storageVersions = versionNames.filter((version) => definition.versions[version]?.storage)
  if (storageVersions.length !== 1) {
    throw new SchemeError(
      `${label}: exactly one version must be the storage version (storage: true); found ${
        storageVersions.length === 0 ? 'none' : storageVersions.join(', ')
      }`
    )
  }
  const converters = definition.converters as unknown as readonly Converter[]
  const paths = findShortestPaths(label, versionNames, converters)
  const kindLower = definition.kind.toLowerCase()
  return {
    group: definition.group,
    kind: definition.kind,
    names: {
      plural: `${kindLower}s`,
      singular: kindLower,
      listKind: `${definition.kind}List`,
      ...definition.names,
    },
    scope: definition.scope ?? 'Namespaced',
    versions: definition.versions,
    versionNames,
    storageVersion: storageVersions[0] as string,
    converters,
    paths,
  }
}
