import type { $ZodType, output } from 'zod/v4/core'
import { SchemeError } from './conversion-error.ts'
import { findShortestPaths, type ConverterPaths } from './converter-graph.ts'
import { definitionProblems, resolveNames } from './resource-checks.ts'
import { formatGroupKind, resourceIdentity, type ResourceIdentity } from './resource-identity.ts'
import type { KubeObject, ObjectMeta } from './kube-object.ts'

/** One served version of a kind: the zod schema of its fields beside `apiVersion`, `kind` and `metadata`. */
export interface VersionDefinition<Schema extends $ZodType = $ZodType> {
  readonly schema: Schema
  /** Exactly one version of a resource is the one etcd stores. */
  readonly storage?: boolean
  /** Whether the API server serves this version (default true). */
  readonly served?: boolean
  readonly deprecated?: boolean
  /** The warning `kubectl` shows for a deprecated version; only with `deprecated: true`. */
  readonly deprecationWarning?: string
  /** This version's `kubectl get` columns; replaces the resource's `additionalPrinterColumns`. */
  readonly additionalPrinterColumns?: readonly PrinterColumn[]
  /** This version's subresources; replaces the resource's `subresources`. */
  readonly subresources?: Subresources
  /** Fields `kubectl get --field-selector` may select on, as simple JSONPaths (`.spec.color`). */
  readonly selectableFields?: readonly SelectableField[]
  /**
   * Objects at this version, without `apiVersion`, `kind` and `metadata`: `crdconv probe` sends
   * them to a deployed webhook and `crdconv check` converts them to every other version.
   */
  readonly examples?: readonly Readonly<Record<string, unknown>>[]
}

/** One `kubectl get` column (`additionalPrinterColumns`); `NAME` is implicit. */
export interface PrinterColumn {
  readonly name: string
  readonly type: 'integer' | 'number' | 'string' | 'boolean' | 'date'
  /** Simple JSONPath into the object, like `.spec.replicas`. */
  readonly jsonPath: string
  readonly description?: string
  readonly format?:
    'int32' | 'int64' | 'float' | 'double' | 'byte' | 'date' | 'date-time' | 'password'
  /** 0 shows the column in the standard view, more only with `-o wide`. */
  readonly priority?: number
}

/** One `selectableFields` entry of a CRD version. */
export interface SelectableField {
  readonly jsonPath: string
}

/** The `/scale` subresource: where the replica counts and the label selector live. */
export interface ScaleSubresource {
  /** Under `.spec`, dot notation: `.spec.replicas`. */
  readonly specReplicasPath: string
  /** Under `.status`, dot notation: `.status.replicas`. */
  readonly statusReplicasPath: string
  /** Under `.spec` or `.status`: a string field holding a serialized label selector. */
  readonly labelSelectorPath?: string
}

export interface Subresources {
  /** Serve `/status`: writes to the object ignore `.status`, writes to `/status` only change it. */
  readonly status?: boolean
  readonly scale?: ScaleSubresource
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
  /**
   * The resource's versions (set by the scheme): `stashFields` and `restoreStashedFields` read
   * their schemas to tell what the API server prunes and defaults from an edit.
   */
  readonly versions?: VersionMap
}

/**
 * A converter as the framework runs it, its types erased. `convert` must not write to the object
 * it gets; what it returns, a new object or that same object, becomes the framework's, which
 * sets `apiVersion`, `kind` and `metadata` on a new one in place (the input, frozen objects and
 * objects without `apiVersion` are copied).
 */
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

/** The names `kubectl` and the REST paths use (`/apis/<group>/<version>/<plural>`). */
export interface ResourceNames {
  /** Lowercase plural, the CRD's name is `<plural>.<group>`. Default: the kind, lowercased, in the plural. */
  readonly plural: string
  /** Lowercase singular. Default: the kind, lowercased. */
  readonly singular: string
  readonly shortNames?: readonly string[]
  /** Groups of resources this one belongs to, like `all` (`kubectl get all`). */
  readonly categories?: readonly string[]
  /** Default: `<Kind>List`. */
  readonly listKind?: string
}

export interface ResourceDefinition<Versions extends VersionMap> {
  readonly group: string
  readonly kind: string
  readonly names?: Partial<ResourceNames>
  readonly scope?: 'Namespaced' | 'Cluster'
  readonly versions: Versions
  readonly converters: readonly ConverterBetween<Versions>[]
  /** `kubectl get` columns of every version that does not declare its own. */
  readonly additionalPrinterColumns?: readonly PrinterColumn[]
  /** Subresources of every version that does not declare its own. */
  readonly subresources?: Subresources
}

/** A checked resource: its versions, converters and the shortest conversion path between every pair. */
export interface Resource<Versions extends VersionMap = VersionMap> {
  readonly group: string
  readonly kind: string
  readonly names: ResourceNames
  /** Group, kind, plural, and the names built from them (`crdName`, `groupKind`). */
  readonly identity: ResourceIdentity
  readonly scope: 'Namespaced' | 'Cluster'
  readonly versions: Versions
  readonly additionalPrinterColumns?: readonly PrinterColumn[]
  readonly subresources?: Subresources
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
  const label = formatGroupKind(definition.kind, definition.group)
  const names = resolveNames(definition.kind, definition.names)
  const problems = definitionProblems(definition, names)
  if (problems.length > 0) {
    throw new SchemeError(
      problems.length === 1
        ? `${label}: ${problems[0]}`
        : `${label}:\n  - ${problems.join('\n  - ')}`
    )
  }
  const versionNames = Object.keys(definition.versions)
  const storageVersion = versionNames.find((version) => definition.versions[version]?.storage)
  const converters = definition.converters as unknown as readonly Converter[]
  const paths = findShortestPaths(label, versionNames, converters)
  return {
    group: definition.group,
    kind: definition.kind,
    names,
    identity: resourceIdentity(definition.group, definition.kind, names.plural),
    scope: definition.scope ?? 'Namespaced',
    versions: definition.versions,
    ...(definition.additionalPrinterColumns === undefined
      ? {}
      : { additionalPrinterColumns: definition.additionalPrinterColumns }),
    ...(definition.subresources === undefined ? {} : { subresources: definition.subresources }),
    versionNames,
    storageVersion: storageVersion as string,
    converters,
    paths,
  }
}
