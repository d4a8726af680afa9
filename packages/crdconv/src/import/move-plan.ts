// What import plans between two versions, as data: the versions, the moves and the TODOs, which
// the planner writes and the renderer, the summary and the value conversions read.
import type { SchemaProps } from '@crdconv/webhook'
import type { DifferenceKind } from '../diff/index.ts'
import type { ZodPlan } from './zod-plan.ts'

/** A version as import plans it: its name, its zod plan and its CRD schema. */
export interface PlannedVersion {
  readonly name: string
  readonly plan: ZodPlan
  readonly schema: SchemaProps
}

/** One move, its paths relative to the list `each` entered (or to the object). */
export type PlannedMove =
  | { readonly kind: 'renamed'; readonly from: string; readonly to: string; readonly note: string }
  | {
      readonly kind: 'mapped'
      readonly path: string
      readonly values: Readonly<Record<string, string>>
      readonly note: string
    }
  | {
      readonly kind: 'added'
      readonly path: string
      readonly value?: unknown
      readonly note: string
      /** Set when the author must still decide the value. */
      readonly todo?: MoveTodo
    }
  | { readonly kind: 'removed'; readonly path: string; readonly note: string }
  | { readonly kind: 'each'; readonly path: string; readonly moves: readonly PlannedMove[] }

/** A difference import could not match, as `crdconv diff` says it, and what the author must decide. */
export interface MoveTodo {
  /** The field, as `crdconv diff` names it: `.spec.ports[].name`, `(root)`. */
  readonly path: string
  readonly kind: DifferenceKind
  readonly difference: string
  readonly decide: string
}

/** The moves `from → to` (the way back is derived) and what import could not match. */
export interface PairMoves {
  readonly from: string
  readonly to: string
  readonly moves: readonly PlannedMove[]
  /** The differences left to the author, not counting `added` moves' own `todo`. */
  readonly todos: readonly MoveTodo[]
}
