// XRDs the Crossplane tests share: a v1 XRD with a claim and a v2 one, two versions each, the
// size of the database moved from spec.size (v1alpha1) to spec.storage.size (v1beta1).
import * as z from 'zod'
import { createScheme, defineXrd, fieldMoves, type Scheme, type Xrd } from '@crdconv/webhook'
import type { CompositeScope } from '@crdconv/webhook'

const status = z.object({ address: z.string().optional() })

export const XDatabaseV1alpha1 = z.object({
  spec: z.object({ size: z.string().optional(), engine: z.string().optional() }).optional(),
  status: status.optional(),
})

export const XDatabaseV1beta1 = z.object({
  spec: z
    .object({
      storage: z.object({ size: z.string().optional() }).optional(),
      engine: z.string().optional(),
    })
    .optional(),
  status: status.optional(),
})

type Referenceable = 'v1alpha1' | 'v1beta1'

const versionsReferencing = (referenceable: Referenceable) => ({
  v1alpha1: { schema: XDatabaseV1alpha1, storage: referenceable === 'v1alpha1' },
  v1beta1: { schema: XDatabaseV1beta1, storage: referenceable === 'v1beta1' },
})

const converters = fieldMoves(versionsReferencing('v1beta1'), 'v1alpha1', 'v1beta1', (move) => [
  move.renamed('spec.size', 'spec.storage.size'),
])

/**
 * The XRD `xdatabases.<group>` of `scope`, with the claim `Database` where the scope offers one,
 * and `referenceable` (v1beta1 unless told) the version Crossplane stores both kinds at.
 */
export function databaseXrd(
  scope: CompositeScope = 'LegacyCluster',
  group = 'example.org',
  referenceable: Referenceable = 'v1beta1'
): Xrd {
  return defineXrd({
    group,
    names: { kind: 'XDatabase', plural: 'xdatabases' },
    ...(scope === 'LegacyCluster' ? { claimNames: { kind: 'Database', plural: 'databases' } } : {}),
    scope,
    versions: versionsReferencing(referenceable),
    converters,
    xrd: {
      apiVersion:
        scope === 'LegacyCluster'
          ? 'apiextensions.crossplane.io/v1'
          : 'apiextensions.crossplane.io/v2',
    },
  })
}

/** One scheme that serves the XR and the claim of the legacy XRD. */
export function databaseXrdScheme(
  group = 'example.org',
  referenceable: Referenceable = 'v1beta1'
): Scheme {
  return createScheme(databaseXrd('LegacyCluster', group, referenceable).resources)
}

/**
 * The legacy XRD once v1beta1 is gone: v1alpha1 alone, referenceable, no converters, as the scheme
 * is left before `crdconv retire`.
 */
export function retiredDatabaseXrdScheme(group = 'example.org'): Scheme {
  const xrd = defineXrd({
    group,
    names: { kind: 'XDatabase', plural: 'xdatabases' },
    claimNames: { kind: 'Database', plural: 'databases' },
    versions: { v1alpha1: { schema: XDatabaseV1alpha1, storage: true } },
    converters: [],
  })
  return createScheme(xrd.resources)
}
