import * as z from 'zod/mini'

// The Pool of tools/conversion-webhook, the Go webhook docs/takeover.md takes over: the same
// fields as its Go types, so the CRD crdconv generates is the one the Go webhook serves.

/** A Kubernetes quantity of memory: `512Mi`, `0.5`, `1G` (within what an int64 of bytes holds). */
const QUANTITY = /^[0-9]{1,6}(\.[0-9]{1,3})?(m|k|M|G|T|Ki|Mi|Gi|Ti)?$/

const PoolStatus = z.object({
  readyReplicas: z.optional(z.int32()),
  phase: z.optional(z.string()),
  message: z.optional(z.string()),
  lastTransitionTime: z.optional(z.iso.datetime()),
})

const common = {
  image: z.optional(z.string()),
  memory: z.optional(z.string().check(z.regex(QUANTITY))),
}

/** v1alpha1: `spec.size`, and no `paused`. */
export const PoolV1alpha1 = z.object({
  spec: z.optional(z.object({ size: z.optional(z.int32()), ...common })),
  status: z.optional(PoolStatus),
})

/** v1beta1, the stored version: `spec.replicas` (v1alpha1's size) and `spec.paused`. */
export const PoolV1beta1 = z.object({
  spec: z.optional(
    z.object({ replicas: z.optional(z.int32()), paused: z.optional(z.boolean()), ...common })
  ),
  status: z.optional(PoolStatus),
})
