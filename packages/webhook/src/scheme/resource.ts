import { findShortestPaths, type ConverterPaths } from './converter-graph.ts'
import { resolveNames } from './resource-names.ts'
import { formatGroupKind, resourceIdentity, type ResourceIdentity } from './resource-identity.ts'
import type {
  Converter,
  CrdMetadata,
  PrinterColumn,
  ResourceDefinition,
  ResourceNames,
  Subresources,
  VersionMap,
} from './resource-definition.ts'

export type {
  VersionDefinition,
  PrinterColumn,
  SelectableField,
  ScaleSubresource,
  Subresources,
  VersionMap,
  DeepPartial,
  ObjectAt,
  ConvertedObject,
  ConversionContext,
  Converter,
  ConverterBetween,
  CrdMetadata,
  ResourceNames,
  ResourceDefinition,
} from './resource-definition.ts'

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
  /** The CRD's own labels and annotations, for `crdconv crd`. */
  readonly crd?: CrdMetadata
  /** Version names in the order they were declared. */
  readonly versionNames: readonly string[]
  /** The version with `storage: true`; `checkDefinitions` refuses a definition without exactly one. */
  readonly storageVersion: string
  readonly converters: readonly Converter[]
  /** The converters to run, in order, to go from one version to another; `[]` for the same version. */
  readonly paths: ConverterPaths
}

/**
 * Declares a custom resource: its group and kind, a zod schema per version, and the converters
 * between versions. Converters form a graph; each conversion follows the shortest path, so a hub
 * and its spokes, a chain (`v1alpha1 → v1beta1 → v1`) or any mix work. Throws a `SchemeError` at
 * once when the converters cannot serve every conversion. What only the CRD needs (names,
 * version names, one storage version, columns, scale paths, the CRD's metadata, examples) is
 * checked by `checkDefinitions`, which the tooling runs before deploy, not at every cold start.
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
    ...(definition.crd === undefined ? {} : { crd: definition.crd }),
    versionNames,
    storageVersion: storageVersion as string,
    converters,
    paths,
  }
}
