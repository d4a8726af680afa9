import type { output } from 'zod/v4/core'
import type { FieldMove } from './field-move.ts'
import type { FieldValue } from './field-paths.ts'
import type { KubeObject } from '../kube-object.ts'
import type { DeepPartial, VersionMap } from '../resource.ts'

declare const movedPaths: unique symbol

/**
 * Type only: the paths one declared move reads (`From`) and writes (`To`), and the lists it moves
 * fields inside of (`Each`), carried on its type so that `then` is typed with what the moves leave.
 */
export type TypedMove<
  From extends string,
  To extends string,
  Each extends string = never,
  Renamed extends readonly [string, string] = never,
> = FieldMove & {
  readonly [movedPaths]?: {
    readonly from: From
    readonly to: To
    readonly each: Each
    readonly renamed: Renamed
  }
}

/** The `[from, to]` pairs of typed moves whose value goes over as it is (a rename without `values`). */
export type MoveRenames<Move> = Move extends { readonly [movedPaths]?: infer Paths }
  ? Paths extends { readonly renamed: infer Pair extends readonly [string, string] }
    ? Pair
    : never
  : never

/** The value types the renames carry, as `[written path, type]`: the other version's type. */
type Carry<Root, Pair> = Pair extends readonly [infer Read extends string, infer Written]
  ? [Written, ValueAt<Root, Read>]
  : never

type Flip<Pair> = Pair extends readonly [infer A, infer B] ? [B, A] : never

/** `FieldValue`, through list items too (`spec.ports[].number`). */
type ValueAt<T, Path extends string> = Path extends `${infer List}[].${infer Rest}`
  ? ValueAt<ItemOf<FieldValue<T, List>>, Rest>
  : FieldValue<T, Path>

/** The paths of one side of typed moves. */
export type MovePaths<Move, Side extends 'from' | 'to' | 'each'> = Move extends {
  readonly [movedPaths]?: infer Paths
}
  ? Paths extends Readonly<Record<Side, infer Path extends string>>
    ? Path
    : never
  : never

/**
 * An object of version `From` after the moves `Moves` to `To`: a field a move wrote has `To`'s
 * type, a field a move read is gone, every other field is carried with `From`'s type (a field only
 * `To` declares is not there yet). Moves without path types (built by hand) give each field both
 * versions' types.
 *
 * @example
 * ```ts
 * // v1 { spec: { legacy: { timeout: string }, note: string } }, v2 { spec: { timeout: string } }
 * // after move.renamed('spec.legacy.timeout', 'spec.timeout'): { spec: { timeout, note } }
 * ```
 */
export type MovedObject<
  Versions extends VersionMap,
  From extends keyof Versions,
  To extends keyof Versions,
  Moves,
  Back extends boolean = false,
> = KubeObject &
  DeepPartial<
    [Moves] extends [{ readonly [movedPaths]?: object }]
      ? AfterMoves<
          output<Versions[From]['schema']>,
          output<Versions[To]['schema']>,
          MovePaths<Moves, Back extends true ? 'to' : 'from'>,
          MovePaths<Moves, Back extends true ? 'from' : 'to'>,
          MovePaths<Moves, 'each'>,
          '',
          Carry<
            output<Versions[From]['schema']>,
            Back extends true ? Flip<MoveRenames<Moves>> : MoveRenames<Moves>
          >
        >
      : Carried<output<Versions[From]['schema']>, output<Versions[To]['schema']>>
  >

/** `Source`'s fields after moves that read `Read` and wrote `Written` (paths under `Prefix`). */
type AfterMoves<
  Source,
  Target,
  Read extends string,
  Written extends string,
  Each extends string,
  Prefix extends string,
  Kept,
> = {
  [
    Key in keyof Source as Key extends string
      ? `${Prefix}${Key}` extends Written | Each
        ? Key
        : `${Prefix}${Key}` extends Read
          ? never
          : Key
      : Key
  ]: FieldAfterMoves<Source[Key], FieldOf<Target, Key>, Read, Written, Each, Prefix, Key, Kept>
} & {
  [
    Key in Exclude<KnownKey<Target>, KnownKey<Source>> as Key extends string
      ? Touched<`${Prefix}${Key}`, Read | Written | Each> extends true
        ? Key
        : `${Prefix}${Key}` extends Written | Each
          ? Key
          : never
      : never
  ]?: FieldAfterMoves<undefined, FieldOf<Target, Key>, Read, Written, Each, Prefix, Key, Kept>
}

type FieldAfterMoves<
  SourceValue,
  TargetValue,
  Read extends string,
  Written extends string,
  Each extends string,
  Prefix extends string,
  Key,
  Kept,
> = Key extends string
  ? string extends Key
    ? SourceValue
    : `${Prefix}${Key}` extends Written
      ? KeptValue<Kept, `${Prefix}${Key}`, TargetValue>
      : `${Prefix}${Key}` extends Each
        ? ListAfterMoves<SourceValue, TargetValue, Read, Written, Each, `${Prefix}${Key}[].`, Kept>
        : Touched<`${Prefix}${Key}`, Read | Written | Each> extends true
          ? | AfterMoves<
                ObjectOr<SourceValue>,
                NonNullable<TargetValue>,
                Read,
                Written,
                Each,
                `${Prefix}${Key}.`,
                Kept
              >
            | Extract<SourceValue, undefined>
          : SourceValue
  : SourceValue

/** A list whose items the moves of an `each` changed, item paths under `Prefix` (`spec.ports[].`). */
type ListAfterMoves<
  SourceValue,
  TargetValue,
  Read extends string,
  Written extends string,
  Each extends string,
  Prefix extends string,
  Kept,
> =
  NonNullable<SourceValue> extends readonly (infer Item)[]
    ? | AfterMoves<NonNullable<Item>, ItemOf<TargetValue>, Read, Written, Each, Prefix, Kept>[]
      | Extract<SourceValue, undefined>
    : SourceValue

type ItemOf<List> =
  NonNullable<List> extends readonly (infer Item)[] ? NonNullable<Item> : undefined

/** The type a rename carried to `Path`, else `Otherwise` (the written version's type). */
type KeptValue<Kept, Path extends string, Otherwise> = [
  Kept extends readonly [Path, infer Value] ? Value : never,
] extends [infer Value]
  ? [Value] extends [never]
    ? Otherwise
    : Value
  : Otherwise

/** The object `Value` is, or an empty one where the version has no such field. */
type ObjectOr<Value> = [NonNullable<Value>] extends [never] ? object : NonNullable<Value>

/** Whether a path in `Paths` lies below `Path`. */
type Touched<Path extends string, Paths extends string> = [
  Extract<Paths, `${Path}.${string}`>,
] extends [never]
  ? false
  : true

type FieldOf<T, Key> = T extends object ? (Key extends keyof T ? T[Key] : undefined) : undefined

/**
 * The fields of `Source` and `Target` together: a field both declare has either one's type (deep
 * down where both are objects or lists), a field one declares that one's.
 */
export type Carried<Source, Target> = [Source, Target] extends [
  readonly (infer SourceItem)[],
  readonly (infer TargetItem)[],
]
  ? Carried<SourceItem, TargetItem>[]
  : [Source, Target] extends [object, object]
    ? [Source, Target] extends [readonly unknown[], unknown] | [unknown, readonly unknown[]]
      ? Source | Target
      : {
          [Key in keyof Source]: Key extends KnownKey<Target>
            ? Carried<NonNullable<Source[Key]>, NonNullable<FieldOf<Target, Key>>>
            : Source[Key]
        } & { [Key in Exclude<KnownKey<Target>, KnownKey<Source>>]?: FieldOf<Target, Key> }
    : Source | Target

/** The field names an object type declares, without its index signature (a loose object's). */
type KnownKey<T> = keyof {
  [Key in keyof T as string extends Key ? never : number extends Key ? never : Key]: 0
}
