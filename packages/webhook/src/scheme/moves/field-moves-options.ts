// What `fieldMoves` takes beside the moves: the hand-written hooks, the stash they share as a zod
// object, and whether to derive the way back.
import type { ConversionContext, ConvertedObject, VersionMap } from '../resource.ts'
import type {
  CarriesStash,
  StashedFields,
  StashInput,
  StashOf,
  StashOutput,
  StashSchema,
} from '../stash/index.ts'
import type { FieldMove } from './field-move.ts'
import type { MovedObject } from './moved-object.ts'

/**
 * What a hook gets as `stashed`: the stash schema's output when `stash` is given, else what the
 * other hook's result says it stashed (`Untyped`).
 */
export type HookStashed<Stash extends StashSchema | undefined, Untyped> = Stash extends StashSchema
  ? StashedFields<StashOutput<Stash>>
  : StashedFields<Untyped>

/**
 * What a hook returns: with `stash`, an object at its version whose `stashFields` kept only what
 * the schema describes, each field of its type; else `Inferred`, from which the other hook's
 * `stashed` is typed.
 */
export type HookResult<
  Stash extends StashSchema | undefined,
  Converted,
  Inferred,
> = Stash extends StashSchema ? Converted & CarriesStash<StashInput<Stash>> : Inferred

/**
 * Hand-written steps beside the moves, the stash they share, and whether to derive the way back.
 * With `stash` (a zod object) both hooks' `stashed` is its output and what they stash must be
 * what it describes; without it, `Then` is what `then` returns, and the fields it keeps with
 * `stashFields` reach `thenBack`, typed.
 *
 * @example
 * ```ts
 * fieldMoves(versions, 'v1beta1', 'v1', (move) => [move.added('spec.replicas')], {
 *   stash: z.object({ env: z.record(z.string(), z.string()) }),
 *   then: ({ spec, ...rest }, context) => {
 *     const { env, ...others } = spec ?? {}
 *     return stashFields({ ...rest, spec: others }, context, { env })
 *   },
 *   thenBack: ({ spec, ...rest }, _context, stashed) =>
 *     stashed.env === undefined ? { ...rest, spec } : { ...rest, spec: { ...spec, env: stashed.env } },
 * })
 * ```
 */
export interface FieldMovesOptions<
  Versions extends VersionMap,
  From extends keyof Versions,
  To extends keyof Versions,
  Moves = FieldMove,
  Then extends ConvertedObject<Versions, To> = ConvertedObject<Versions, To>,
  Stash extends StashSchema | undefined = undefined,
> {
  /**
   * The fields the hooks keep with `stashFields`, as a zod object (`z.object({ env: Env })`): both
   * hooks get `stashed` typed by it, a stash that fails it reaches them as none (stale, never
   * cast), and a key one of the moves stashes too is refused here, when the scheme is defined.
   */
  readonly stash?: Stash
  /**
   * Runs after the moves `from → to`, on what they leave: each field a move wrote has `to`'s
   * shape, every other field is carried as it came. What it stashes with `stashFields` joins
   * the moves' own entry; `stashed` holds what `thenBack` stashed on the way here.
   */
  readonly then?: (
    object: MovedObject<Versions, From, To, Moves>,
    context: ConversionContext,
    stashed: Stash extends StashSchema
      ? HookStashed<Stash, never>
      : Readonly<Record<string, unknown>>
  ) => HookResult<Stash, ConvertedObject<Versions, To>, Then>
  /**
   * Runs after the moves are undone on the way back, `to → from`: undoes `then`, and repairs
   * what undoing the moves leaves. `stashed` holds what `then` stashed.
   */
  readonly thenBack?: (
    object: MovedObject<Versions, To, From, Moves, true>,
    context: ConversionContext,
    stashed: HookStashed<Stash, StashOf<Then>>
  ) => HookResult<Stash, ConvertedObject<Versions, From>, ConvertedObject<Versions, From>>
  /** Derive no converter `to → from`: write that one by hand. */
  readonly oneWay?: boolean
}
