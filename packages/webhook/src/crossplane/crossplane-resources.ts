// An XRD as crdconv serves it: the composite resource and, where the XRD offers one, the claim,
// both with the author's schemas and Crossplane's fields, and one set of converters for both.
import * as z from 'zod/mini'
import { globalRegistry, util, type $ZodType } from 'zod/v4/core'
import {
  celRules,
  celRulesOf,
  crdKeywords,
  crdRootFields,
  defineResource,
  SchemeError,
  schemeProblem,
  type CelRule,
  type ConverterBetween,
  type Resource,
  type ResourceNames,
  type VersionDefinition,
  type VersionMap,
} from '../scheme/index.ts'
import {
  crossplaneFields,
  type CompositeScope,
  type CrossplaneFields,
  type CrossplaneRole,
} from './crossplane-fields.ts'

/** The XRD's names of a kind: `kind` and `plural` at least, as in the XRD. */
export type XrdNames = { readonly kind: string; readonly plural: string } & Partial<ResourceNames>

/** What the XRD holds beside its names and versions, copied as it is into the XRD `crdconv crd` writes. */
export interface XrdDocument {
  /** `apiextensions.crossplane.io/v1` (default) or `/v2`. */
  readonly apiVersion?: 'apiextensions.crossplane.io/v1' | 'apiextensions.crossplane.io/v2'
  /** The XRD's metadata; its name defaults to `<plural>.<group>`. */
  readonly metadata?: Readonly<Record<string, unknown>>
  /** Other fields of the XRD's `spec` (defaultCompositionRef, connectionSecretKeys, …). */
  readonly spec?: Readonly<Record<string, unknown>>
}

export interface XrdDefinition<Versions extends VersionMap> {
  readonly group: string
  readonly names: XrdNames
  /** Only a v1 XRD (scope `LegacyCluster`) offers a claim. */
  readonly claimNames?: XrdNames
  /** Default: `LegacyCluster` for a v1 XRD, `Namespaced` for a v2 one, as Crossplane says. */
  readonly scope?: CompositeScope
  /**
   * The author's schemas of each version; the `referenceable` version is the one with
   * `storage: true` (Crossplane stores both kinds at it).
   */
  readonly versions: Versions
  /**
   * Written once against the author's schemas, used for the composite resource and the claim; or
   * a function of the versions as Crossplane renders them (its own fields in `spec` and `status`
   * of every version), called for each kind: field moves planned on those know that a version
   * whose author's schema has no `status` still keeps one.
   */
  readonly converters:
    | readonly ConverterBetween<Versions>[]
    | ((rendered: Versions) => readonly ConverterBetween<Versions>[])
  readonly xrd?: XrdDocument
}

/** A checked XRD: its resources, each with Crossplane's fields typed in its schemas. */
export interface Xrd {
  readonly name: string
  readonly scope: CompositeScope
  readonly composite: Resource
  readonly claim?: Resource
  /** The composite resource, then the claim where there is one: what a scheme serves. */
  readonly resources: readonly Resource[]
  /** The author's versions, without Crossplane's fields: what the XRD says. */
  readonly versions: VersionMap
  readonly names: XrdNames
  readonly claimNames?: XrdNames
  readonly group: string
  readonly xrd: XrdDocument
}

const XRDS = new WeakMap<Resource, { readonly xrd: Xrd; readonly role: CrossplaneRole }>()

/**
 * Declares the resources of a Crossplane CompositeResourceDefinition: the composite resource
 * (`<plural>.<group>`) and, for a v1 XRD with `claimNames`, the claim, with the same converters.
 * Every field Crossplane injects (`resourceRefs`, `claimRef`, `resourceRef`, `spec.crossplane`,
 * `status.conditions`, …) is typed as Crossplane's in their schemas, so the round-trip kit sees a
 * converter that drops one; a converter passes them through with the rest of the object.
 *
 * @example
 * ```ts
 * const xrd = defineXrd({
 *   group: 'example.org',
 *   names: { kind: 'XDatabase', plural: 'xdatabases' },
 *   claimNames: { kind: 'Database', plural: 'databases' },
 *   versions: { v1alpha1: { schema: V1alpha1 }, v1beta1: { schema: V1beta1, storage: true } },
 *   converters,
 * })
 * const scheme = createScheme(xrd.resources)
 * ```
 */
export function defineXrd<const Versions extends VersionMap>(
  definition: XrdDefinition<Versions>
): Xrd {
  const document = definition.xrd ?? {}
  const modern = document.apiVersion === 'apiextensions.crossplane.io/v2'
  const scope = definition.scope ?? (modern ? 'Namespaced' : 'LegacyCluster')
  const name = `${definition.names.plural}.${definition.group}`
  if (definition.claimNames !== undefined && scope !== 'LegacyCluster') {
    throw new SchemeError(`XRD ${name}`, [
      schemeProblem(
        'claim-scope-invalid',
        `claimNames needs scope LegacyCluster (a ${scope} XR has no claim)`,
        'claimNames'
      ),
    ])
  }
  const resource = (role: CrossplaneRole, names: XrdNames): Resource => {
    const versions = withFields(definition.versions, crossplaneFields(role, scope))
    const { converters } = definition
    return defineResource({
      group: definition.group,
      kind: names.kind,
      names,
      scope: role === 'claim' || scope === 'Namespaced' ? 'Namespaced' : 'Cluster',
      versions,
      converters: (typeof converters === 'function'
        ? converters(versions as Versions)
        : converters) as unknown as readonly ConverterBetween<VersionMap>[],
    })
  }
  const composite = resource('composite', definition.names)
  const claim =
    definition.claimNames === undefined ? undefined : resource('claim', definition.claimNames)
  const xrd: Xrd = {
    name,
    scope,
    composite,
    ...(claim === undefined ? {} : { claim, claimNames: definition.claimNames }),
    resources: claim === undefined ? [composite] : [composite, claim],
    versions: definition.versions,
    names: definition.names,
    group: definition.group,
    xrd: document,
  }
  XRDS.set(composite, { xrd, role: 'composite' })
  if (claim !== undefined) XRDS.set(claim, { xrd, role: 'claim' })
  return xrd
}

/**
 * The XRD a resource was declared by, and which of its CRDs it is; `undefined` for a resource
 * of `defineResource`.
 *
 * @example
 * ```ts
 * xrdOf(xrd.claim)?.role // 'claim'
 * ```
 */
export function xrdOf(
  resource: Resource
): { readonly xrd: Xrd; readonly role: CrossplaneRole } | undefined {
  return XRDS.get(resource)
}

function withFields(versions: VersionMap, fields: CrossplaneFields): VersionMap {
  const extended: Record<string, VersionDefinition> = {}
  for (const [name, version] of Object.entries(versions)) {
    extended[name] = {
      ...version,
      schema: extendObject(version.schema, {
        spec: (node) => merged(node, fields.spec),
        status: (node) => merged(node, fields.status),
      }),
      // Crossplane serves /status on every version of both CRDs
      subresources: { ...version.subresources, status: true },
    }
  }
  return extended
}

type Shape = Readonly<Record<string, $ZodType>>

// a root that is not an object (no spec to hold the fields) stays as the author wrote it
function extendObject(
  schema: $ZodType,
  fields: Readonly<Record<string, (node: $ZodType | undefined) => $ZodType | undefined>>
): $ZodType {
  const def = schema._zod.def as { type: string; shape?: Shape }
  if (def.type !== 'object' || def.shape === undefined) return schema
  const shape: Record<string, $ZodType> = {}
  for (const [key, field] of Object.entries(fields)) {
    const node = field(def.shape[key])
    if (node !== undefined) shape[key] = node
  }
  return withRegistrations(schema, util.safeExtend(schema as never, shape) as $ZodType)
}

function merged(node: $ZodType | undefined, fields: Shape): $ZodType | undefined {
  if (node === undefined) return z.optional(z.object(fields))
  const def = node._zod.def as { type: string; innerType?: $ZodType }
  if (def.type !== 'optional' || def.innerType === undefined)
    return extendObject(node, lift(fields))
  const inner = extendObject(def.innerType, lift(fields))
  return withRegistrations(node, util.clone(node, { ...node._zod.def, innerType: inner } as never))
}

function lift(fields: Shape): Record<string, () => $ZodType> {
  return Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, () => field]))
}

// the registrations crdconv reads (descriptions, CRD keywords, root fields, CEL rules) follow
// the schema into its extended copy, which zod does not do for a copy with a new shape
function withRegistrations(original: $ZodType, copy: $ZodType): $ZodType {
  for (const registry of [globalRegistry, crdKeywords, crdRootFields] as const) {
    const meta = (registry as typeof crdKeywords).get(original)
    if (meta !== undefined) (registry as typeof crdKeywords).add(copy, meta)
  }
  const rules = celRulesOf(original)
  return rules.length === 0 ? copy : celRules(copy, rules as unknown as CelRule[])
}
