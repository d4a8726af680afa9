import type { SchemaProps } from './schema-props.ts'

/**
 * One entry of a CRD's `spec.versions` (`apiextensions.k8s.io/v1`) as plain JSON: the fields
 * crdconv writes and reads. The API server fills in `served` and `storage`; a file may omit them.
 */
export interface CrdVersionShape {
  readonly name: string
  readonly served?: boolean
  readonly storage?: boolean
  readonly deprecated?: boolean
  readonly deprecationWarning?: string
  readonly schema?: { readonly openAPIV3Schema?: SchemaProps }
  readonly subresources?: Readonly<Record<string, unknown>>
  readonly additionalPrinterColumns?: readonly Readonly<Record<string, unknown>>[]
  readonly selectableFields?: readonly { readonly jsonPath: string }[]
}

/**
 * An `apiextensions.k8s.io/v1` CustomResourceDefinition as plain JSON, wherever it comes from.
 * Each source narrows it: `CustomResourceDefinition` (generated here), `CrdInput` (read from YAML
 * by `crdconv import`) and `LiveCustomResourceDefinition` (read from the API server).
 *
 * @example
 * ```ts
 * const storage = (crd: CrdShape) => crd.spec.versions.find((version) => version.storage)?.name
 * ```
 */
export interface CrdShape<Version extends CrdVersionShape = CrdVersionShape> {
  readonly apiVersion?: string
  readonly kind?: string
  readonly metadata?: {
    readonly name?: string
    readonly labels?: Readonly<Record<string, string>>
    readonly annotations?: Readonly<Record<string, string>>
  }
  readonly spec: {
    readonly group: string
    readonly names: Readonly<Record<string, unknown>>
    readonly scope: string
    readonly versions: readonly Version[]
    readonly conversion?: Readonly<Record<string, unknown>>
  }
}
