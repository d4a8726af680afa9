// A version as import plans it, which the move planner and the value conversions both read.
import type { SchemaProps } from '@crdconv/webhook/crd'
import type { ZodPlan } from './zod-plan.ts'

/** A version as import plans it: its name, its zod plan and its CRD schema. */
export interface PlannedVersion {
  readonly name: string
  readonly plan: ZodPlan
  readonly schema: SchemaProps
}
