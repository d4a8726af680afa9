// One declared move as data, and the hooks' erased shape: what the checks, the plans and the
// runner read, apart from `fieldMoves`' typed builder.
import type { AnnotationHolds } from '../annotation-place.ts'
import type { KubeObject } from '../kube-object.ts'
import type { ConversionContext } from '../resource-definition.ts'
import type { StashSchema } from '../stash/index.ts'

/** One declared move between two versions, as data: what `fieldMoves` derives converters from. */
export type FieldMove =
  | {
      readonly kind: 'renamed'
      readonly from: string
      readonly to: string
      readonly values?: Readonly<Record<string, unknown>>
      readonly back?: Readonly<Record<string, unknown>>
    }
  | {
      readonly kind: 'split'
      readonly from: string
      readonly parts: Readonly<Record<string, string>>
      readonly split: (whole: never) => unknown
      readonly join: (parts: never) => unknown
    }
  | {
      readonly kind: 'joined'
      readonly parts: Readonly<Record<string, string>>
      readonly to: string
      readonly split: (whole: never) => unknown
      readonly join: (parts: never) => unknown
    }
  | { readonly kind: 'added'; readonly path: string; readonly value?: unknown }
  | {
      readonly kind: 'removed'
      readonly path: string
      /** Kept in this annotation of the author's own rather than crdconv's stash. */
      readonly annotation?: string
      readonly holds?: AnnotationHolds
    }
  | { readonly kind: 'each'; readonly path: string; readonly moves: readonly FieldMove[] }

/** `FieldMovesOptions` as the checks and the runner see them, their types erased. */
export interface ErasedMoveOptions {
  readonly then?: MoveHook
  readonly thenBack?: MoveHook
  readonly stash?: StashSchema
  readonly oneWay?: boolean
}

export type MoveHook = (
  object: KubeObject,
  context: ConversionContext,
  stashed: Readonly<Record<string, unknown>>
) => unknown
