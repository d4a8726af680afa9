// The XRD a scheme's Crossplane resources come from, as `crdconv crd` writes it: the author's
// schemas (Crossplane's own fields left for Crossplane to add) and the conversion stanza, which
// Crossplane copies into the XR and claim CRDs it renders and keeps there across package syncs.
import { defineResource, type Xrd } from '@crdconv/webhook'
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
 * (path token included) and, only where given, a `caBundle`. Each version's schema is the author's,
 * without the fields Crossplane injects (it adds its own).
 *
 * @example
 * ```ts
 * const { xrd: manifest } = buildXrdManifest(databaseXrd, { url: 'https://db.example.workers.dev/convert/TOKEN' })
 * ```
 */
export function buildXrdManifest(xrd: Xrd, options: CrdOptions): XrdBuild {
  // the author's schemas, not the resources' (which carry Crossplane's fields): descriptions and
  // keywords registered on them reach the XRD
  const authored = defineResource({
    group: xrd.group,
    kind: xrd.names.kind,
    names: xrd.names,
    versions: xrd.versions,
    converters: xrd.composite.converters as never,
  })
  const { crd, notes, problems } = buildCustomResourceDefinition(authored, options)
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
    schema: { openAPIV3Schema: withoutRootFields(version) },
    ...(version.additionalPrinterColumns === undefined
      ? {}
      : { additionalPrinterColumns: version.additionalPrinterColumns }),
    // the XRD says /scale alone; Crossplane gives both CRDs /status itself
    ...(version.subresources?.['scale'] === undefined
      ? {}
      : { subresources: { scale: version.subresources['scale'] } }),
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
        // as the author wrote them: the XRD API holds names and claimNames immutable, so a name
        // filled in here (singular, listKind) would refuse the XRD over the one applied before
        names: { ...xrd.names },
        ...(xrd.claimNames === undefined ? {} : { claimNames: { ...xrd.claimNames } }),
        versions,
        conversion: crd.spec.conversion,
      },
    },
    notes: notes.map((note) => `${label} ${note}`),
    problems: problems.map((problem) => `${label} ${problem}`),
  }
}

// Crossplane writes apiVersion, kind and metadata of both CRDs itself
function withoutRootFields(version: CrdVersionShape): Record<string, unknown> {
  const root = { ...(version.schema?.openAPIV3Schema ?? {}) }
  const properties = { ...((root['properties'] ?? {}) as Record<string, unknown>) }
  delete properties['apiVersion']
  delete properties['kind']
  delete properties['metadata']
  return { ...root, properties }
}

/**
 * The XRD of `xrd` once one version is left: no `spec.conversion` at all (the v1 XRD API rejects
 * `strategy: None`); Crossplane then renders `None` into both CRDs.
 *
 * @example
 * ```ts
 * const { xrd: manifest } = retiredXrdManifest(databaseXrd)
 * ```
 */
export function retiredXrdManifest(xrd: Xrd): XrdBuild {
  // the stanza is dropped whole, so the URL it would carry is never written
  const built = buildXrdManifest(xrd, { url: 'https://retired.invalid/convert' })
  const { conversion: _dropped, ...spec } = built.xrd.spec
  return { ...built, xrd: { ...built.xrd, spec: spec as XrdManifest['spec'] } }
}
