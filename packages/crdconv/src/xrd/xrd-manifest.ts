// The XRD a scheme's Crossplane resources come from, as `crdconv crd` writes it: the author's
// schemas (Crossplane's own fields left for Crossplane to add) and the conversion stanza, which
// Crossplane copies into the XR and claim CRDs it renders and keeps there across package syncs.
import { crossplaneFields, type Xrd } from '@crdconv/webhook'
import type { Resource } from '@crdconv/webhook/scheme'
import {
  buildCustomResourceDefinition,
  type CrdOptions,
  type CrdVersionShape,
} from '../crd/index.ts'

/** A CompositeResourceDefinition as plain JSON, keys in the order kubectl shows them. */
export interface XrdManifest {
  readonly apiVersion: 'apiextensions.crossplane.io/v1' | 'apiextensions.crossplane.io/v2'
  readonly kind: 'CompositeResourceDefinition'
  readonly metadata: Readonly<Record<string, unknown>> & { readonly name: string }
  readonly spec: Readonly<Record<string, unknown>> & {
    readonly versions: readonly Readonly<Record<string, unknown>>[]
    readonly conversion: Readonly<Record<string, unknown>>
  }
}

export interface XrdBuild {
  readonly xrd: XrdManifest
  readonly notes: readonly string[]
  readonly problems: readonly string[]
}

/**
 * The XRD of `xrd` with `spec.conversion` pointing at the webhook: `strategy: Webhook`, the URL
 * (path token included) and, only where given, a `caBundle`. Each version's schema is the author's:
 * the fields Crossplane injects are left out, since Crossplane adds its own.
 *
 * @example
 * ```ts
 * const { xrd: manifest } = buildXrdManifest(databaseXrd, { url: 'https://db.example.workers.dev/convert/TOKEN' })
 * ```
 */
export function buildXrdManifest(xrd: Xrd, options: CrdOptions): XrdBuild {
  const { crd, notes, problems } = buildCustomResourceDefinition(xrd.composite, options)
  const injected = crossplaneFields('composite', xrd.scope)
  const document = xrd.xrd
  const apiVersion = document.apiVersion ?? 'apiextensions.crossplane.io/v1'
  const versions = crd.spec.versions.map((version) => ({
    name: version.name,
    referenceable: version.storage === true,
    served: version.served ?? true,
    ...(version.deprecated === true ? { deprecated: true } : {}),
    ...(version.deprecationWarning === undefined
      ? {}
      : { deprecationWarning: version.deprecationWarning }),
    schema: { openAPIV3Schema: authoredSchema(version, injected, xrd.versions[version.name]) },
    ...(version.additionalPrinterColumns === undefined
      ? {}
      : { additionalPrinterColumns: version.additionalPrinterColumns }),
  }))
  const label = `XRD ${xrd.name}`
  return {
    xrd: {
      apiVersion,
      kind: 'CompositeResourceDefinition',
      metadata: { ...document.metadata, name: xrd.name },
      spec: {
        ...document.spec,
        ...(apiVersion === 'apiextensions.crossplane.io/v2' ? { scope: xrd.scope } : {}),
        group: xrd.group,
        names: crd.spec.names,
        ...(xrd.claim === undefined ? {} : { claimNames: claimNames(xrd.claim) }),
        versions,
        conversion: crd.spec.conversion,
      },
    },
    notes: notes.map((note) => `${label} ${note}`),
    problems: problems.map((problem) => `${label} ${problem}`),
  }
}

function claimNames(claim: Resource): Record<string, unknown> {
  const { names } = claim
  return {
    kind: claim.kind,
    plural: names.plural,
    singular: names.singular,
    listKind: names.listKind ?? `${claim.kind}List`,
    ...(names.shortNames?.length ? { shortNames: [...names.shortNames] } : {}),
    ...(names.categories?.length ? { categories: [...names.categories] } : {}),
  }
}

type Props = Record<string, unknown>

// Crossplane writes apiVersion, kind, metadata and its own fields itself; what is left is the
// author's spec and status, a node the author did not write included only where Crossplane's
// fields were all it held
function authoredSchema(
  version: CrdVersionShape,
  injected: ReturnType<typeof crossplaneFields>,
  authored: { readonly schema: unknown } | undefined
): Props {
  const root = { ...(version.schema?.openAPIV3Schema ?? {}) } as Props
  const properties = { ...((root['properties'] ?? {}) as Props) }
  delete properties['apiVersion']
  delete properties['kind']
  delete properties['metadata']
  const authoredKeys = rootKeys(authored?.schema)
  for (const [key, fields] of [
    ['spec', injected.spec],
    ['status', injected.status],
  ] as const) {
    const node = properties[key] as Props | undefined
    if (node === undefined) continue
    if (!authoredKeys.has(key)) {
      delete properties[key]
      continue
    }
    const own = { ...((node['properties'] ?? {}) as Props) }
    for (const field of Object.keys(fields)) delete own[field]
    properties[key] = { ...node, properties: own }
  }
  return { ...root, properties }
}

function rootKeys(schema: unknown): Set<string> {
  const shape = (schema as { _zod?: { def?: { shape?: object } } } | undefined)?._zod?.def?.shape
  return new Set(shape === undefined ? [] : Object.keys(shape))
}
