// The fields Crossplane injects into the CRDs it renders from an XRD, as zod schemas typed like
// Crossplane's own (crossplane-runtime pkg/xcrd, schemas.go): what a converter passes through
// untouched, what the round-trip kit generates for them, and what `crdconv crd` leaves out of the
// XRD it writes (Crossplane adds them back).
import * as z from 'zod/mini'
import type { $ZodType } from 'zod/v4/core'
import { crdKeywords } from '../scheme/index.ts'

/** What the XRD says of its composite resource: `LegacyCluster` (every v1 XRD), or a v2 XR. */
export type CompositeScope = 'LegacyCluster' | 'Namespaced' | 'Cluster'

/** Which of the rendered CRDs a resource is. */
export type CrossplaneRole = 'composite' | 'claim'

type Shape = Readonly<Record<string, $ZodType>>

const reference = z.object({ name: z.string() })
const labelSelector = z.object({ matchLabels: z.record(z.string(), z.string()) })
const updatePolicy = z.enum(['Automatic', 'Manual'])

function resourceRefs(namespaced: boolean): $ZodType {
  const fields = { apiVersion: z.string(), kind: z.string(), name: z.optional(z.string()) }
  const item = namespaced
    ? z.object(fields)
    : z.object({ ...fields, namespace: z.optional(z.string()) })
  return z.array(item).register(crdKeywords, { 'x-kubernetes-list-type': 'atomic' })
}

const compositionFields: Shape = {
  compositionRef: z.optional(reference),
  compositionSelector: z.optional(labelSelector),
  compositionRevisionRef: z.optional(reference),
  compositionRevisionSelector: z.optional(labelSelector),
  compositionUpdatePolicy: z.optional(updatePolicy),
}

const legacyCompositeSpec: Shape = {
  ...compositionFields,
  resourceRefs: z.optional(resourceRefs(false)),
  claimRef: z.optional(
    z.object({ apiVersion: z.string(), kind: z.string(), namespace: z.string(), name: z.string() })
  ),
  writeConnectionSecretToRef: z.optional(z.object({ name: z.string(), namespace: z.string() })),
}

const claimSpec: Shape = {
  ...compositionFields,
  compositeDeletePolicy: z.optional(z.enum(['Background', 'Foreground'])),
  resourceRef: z.optional(z.object({ apiVersion: z.string(), kind: z.string(), name: z.string() })),
  writeConnectionSecretToRef: z.optional(z.object({ name: z.string() })),
}

const conditions = z
  .array(
    z.object({
      type: z.string(),
      status: z.string(),
      reason: z.string(),
      lastTransitionTime: z.string(),
      message: z.optional(z.string()),
      observedGeneration: z.optional(z.int()),
    })
  )
  .register(crdKeywords, {
    'x-kubernetes-list-type': 'map',
    'x-kubernetes-list-map-keys': ['type'],
  })

const modernStatus: Shape = { conditions: z.optional(conditions) }

const legacyStatus: Shape = {
  ...modernStatus,
  connectionDetails: z.optional(z.object({ lastPublishedTime: z.optional(z.string()) })),
  claimConditionTypes: z.optional(
    z.array(z.string()).register(crdKeywords, { 'x-kubernetes-list-type': 'set' })
  ),
}

/** The fields Crossplane adds under `spec` and `status` of one rendered CRD. */
export interface CrossplaneFields {
  readonly spec: Shape
  readonly status: Shape
}

/**
 * Crossplane's own fields in the CRD of `role` for an XRD of `scope`: for v2 XRs everything under
 * `spec.crossplane`; for legacy XRs `compositionRef`, `resourceRefs`, `claimRef`,
 * `writeConnectionSecretToRef` and the rest under `spec`; for claims `resourceRef`,
 * `compositeDeletePolicy` and the rest; `status.conditions` everywhere.
 *
 * @example
 * ```ts
 * Object.keys(crossplaneFields('claim', 'LegacyCluster').spec) // [..., 'resourceRef', ...]
 * ```
 */
export function crossplaneFields(role: CrossplaneRole, scope: CompositeScope): CrossplaneFields {
  if (role === 'claim') return { spec: claimSpec, status: legacyStatus }
  if (scope === 'LegacyCluster') return { spec: legacyCompositeSpec, status: legacyStatus }
  // a namespaced XR composes only in its own namespace: its refs have no namespace
  const crossplane = z.object({
    ...compositionFields,
    resourceRefs: z.optional(resourceRefs(scope === 'Namespaced')),
  })
  return { spec: { crossplane: z.optional(crossplane) }, status: modernStatus }
}
