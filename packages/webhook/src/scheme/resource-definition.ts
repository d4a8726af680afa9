// What an author writes to define a resource: its versions, converters, names and columns, as
// types; \`defineResource\` (resource.ts) checks them.
import type { $ZodType, output } from 'zod/v4/core'
import type { AnnotationPlace } from './annotation-place.ts'
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
  /**
   * The fields this converter keeps in annotations of the author's own (`fieldMoves`' `removed`
   * with `annotation`): what coverage counts as kept.
   */
  readonly annotationPlaces?: readonly AnnotationPlace[]
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

/**
 * The CustomResourceDefinition's own labels and annotations, as its author sets them (tools that
 * select CRDs by label read them): `crdconv crd` writes them; the webhook never reads them.
 */
export interface CrdMetadata {
  readonly labels?: Readonly<Record<string, string>>
  readonly annotations?: Readonly<Record<string, string>>
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
  /** The CRD's own `metadata.labels` and `metadata.annotations`. */
  readonly crd?: CrdMetadata
}
