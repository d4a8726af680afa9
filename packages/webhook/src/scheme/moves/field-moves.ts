import type { output } from 'zod/v4/core'
import type { AnnotationHolds, AnnotationPlace } from '../annotation-place.ts'
import type { StashSchema } from '../stash/index.ts'
import { SchemeError } from '../conversion-error.ts'
import { isNonEmpty } from '../scheme-problem.ts'
import { moveProblems } from './field-move-checks.ts'
import type { ErasedMoveOptions, FieldMove } from './field-move.ts'
import type { FieldMovesOptions } from './field-moves-options.ts'
import { movePlans } from './field-move-plans.ts'
import type { FieldPath, FieldValue, ListItem, ListPath } from './field-paths.ts'
import { runMoves } from './move-runner.ts'
import { stashKeyProblems } from './stash-key-checks.ts'
import type { MovePaths, MoveRenames, TypedMove } from './moved-object.ts'
import type { ConvertedObject, Converter, ConverterBetween, VersionMap } from '../resource.ts'

export type { ErasedMoveOptions, FieldMove, MoveHook } from './field-move.ts'
export type { FieldMovesOptions } from './field-moves-options.ts'

type ItemRenames<Path extends string, Pair> = Pair extends readonly [
  infer From extends string,
  infer To extends string,
]
  ? [`${Path}[].${From}`, `${Path}[].${To}`]
  : never

/** Values of one version (the keys) and what each is in the other; values not named pass as they are. */
export type ValueMapping<From, To> = { readonly [Value in Extract<From, string>]?: NonNullable<To> }

/** Where `removed` keeps a field instead of crdconv's stash: an annotation of your own. */
export interface AnnotationPlaceOptions {
  /** The annotation's name, a qualified name (`tekton.dev/v1beta1Resources`). */
  readonly annotation: string
  /** `field` (default): the field's value as JSON; `object`: the whole source object but `metadata`. */
  readonly holds?: AnnotationHolds
}

/** The two functions of a split or join: `join(split(whole))` should give `whole` back. */
export interface SplitFunctions<Whole, Parts> {
  /** The parts of one whole value; a part left out is absent in the other version. */
  readonly split: (whole: NonNullable<Whole>) => { readonly [Name in keyof Parts]?: Parts[Name] }
  /** The whole value from every part: called only when all of them are there. */
  readonly join: (parts: {
    readonly [Name in keyof Parts]: NonNullable<Parts[Name]>
  }) => NonNullable<Whole>
}

/**
 * The moves `fieldMoves` offers between a version whose objects are `Source` and one whose
 * objects are `Target`: every path is checked against the two schemas by the compiler.
 */
export interface FieldMoveBuilder<Source, Target> {
  /** The field at `from` is the field at `to`, its value as it is. */
  renamed<const From extends FieldPath<Source>, const To extends FieldPath<Target>>(
    from: From,
    to: To
  ): TypedMove<From, To, never, [From, To]>
  /** The field at `from` is the field at `to`, its values through `values` as `mapped` does. */
  renamed<const From extends FieldPath<Source>, const To extends FieldPath<Target>>(
    from: From,
    to: To,
    options: {
      readonly values: ValueMapping<FieldValue<Source, From>, FieldValue<Target, To>>
      readonly back?: ValueMapping<FieldValue<Target, To>, FieldValue<Source, From>>
    }
  ): TypedMove<From, To>
  /**
   * The field keeps its path, its values change (an enum renamed or narrowed). `back` maps the
   * other way where several values become one; else the way back is the mapping turned around.
   */
  mapped<const Path extends FieldPath<Source> & FieldPath<Target>>(
    path: Path,
    values: ValueMapping<FieldValue<Source, Path>, FieldValue<Target, Path>>,
    options?: { readonly back?: ValueMapping<FieldValue<Target, Path>, FieldValue<Source, Path>> }
  ): TypedMove<Path, Path>
  /** One field becomes several: `parts` names each part and the path it goes to. */
  split<
    const From extends FieldPath<Source>,
    const Parts extends Readonly<Record<string, FieldPath<Target>>>,
  >(
    from: From,
    parts: Parts,
    functions: SplitFunctions<
      FieldValue<Source, From>,
      { [Name in keyof Parts]: FieldValue<Target, Parts[Name]> }
    >
  ): TypedMove<From, Parts[keyof Parts]>
  /** Several fields become one: `split` of the functions is the way back. */
  joined<
    const Parts extends Readonly<Record<string, FieldPath<Source>>>,
    const To extends FieldPath<Target>,
  >(
    parts: Parts,
    to: To,
    functions: SplitFunctions<
      FieldValue<Target, To>,
      { [Name in keyof Parts]: FieldValue<Source, Parts[Name]> }
    >
  ): TypedMove<Parts[keyof Parts], To>
  /** A field only the target version has, filled with `value` or else the schema's default where absent. */
  added<const Path extends FieldPath<Target>>(
    path: Path,
    value?: NonNullable<FieldValue<Target, Path>>
  ): TypedMove<never, Path>
  /**
   * A field only the source version has: kept in the stash annotation for the way back, or in
   * an annotation of your own, as JSON (`annotation`; `holds: 'object'` for the whole object of
   * the source version, as Cluster API's `cluster.x-k8s.io/conversion-data`), read back and
   * taken out on the way back, also where an earlier webhook wrote it.
   */
  removed<const Path extends FieldPath<Source>>(
    path: Path,
    place?: AnnotationPlaceOptions
  ): TypedMove<Path, never>
  /** Moves inside every item of the list at `path`, with paths from the item. */
  each<const Path extends ListPath<Source> & ListPath<Target>, const ItemMoves extends FieldMove>(
    path: Path,
    declare: (
      move: FieldMoveBuilder<ListItem<Source, Path>, ListItem<Target, Path>>
    ) => readonly ItemMoves[]
  ): TypedMove<
    `${Path}[].${MovePaths<ItemMoves, 'from'>}`,
    `${Path}[].${MovePaths<ItemMoves, 'to'>}`,
    Path | `${Path}[].${MovePaths<ItemMoves, 'each'>}`,
    ItemRenames<Path, MoveRenames<ItemMoves>>
  >
}

const builder: FieldMoveBuilder<unknown, unknown> = {
  renamed: (from: string, to: string, options?: { values: object; back?: object }) =>
    options === undefined ? { kind: 'renamed', from, to } : mapping(from, to, options),
  mapped: (path: string, values: object, options?: { back?: object }) =>
    mapping(path, path, { values, ...options }),
  split: (
    from: string,
    parts: Record<string, string>,
    { split, join }: SplitFunctions<never, never>
  ) => ({ kind: 'split', from, parts, split, join }),
  joined: (
    parts: Record<string, string>,
    to: string,
    { split, join }: SplitFunctions<never, never>
  ) => ({ kind: 'joined', parts, to, split, join }),
  added: (path: string, value?: unknown) =>
    value === undefined ? { kind: 'added', path } : { kind: 'added', path, value },
  removed: (path: string, place?: AnnotationPlaceOptions) =>
    place === undefined
      ? { kind: 'removed', path }
      : { kind: 'removed', path, annotation: place.annotation, holds: place.holds ?? 'field' },
  each: (path: string, declare: (move: unknown) => readonly FieldMove[]) => ({
    kind: 'each',
    path,
    moves: declare(builder),
  }),
} as unknown as FieldMoveBuilder<unknown, unknown>

function mapping(from: string, to: string, { values, back }: { values: object; back?: object }) {
  return {
    kind: 'renamed',
    from,
    to,
    values: values as Record<string, unknown>,
    ...(back === undefined ? {} : { back: back as Record<string, unknown> }),
  }
}

/**
 * Converters between two versions declared as field moves: renamed, split, joined, mapped
 * values, added (with a value or the schema's default), removed (kept in the stash annotation),
 * and the same inside every item of a list (`each`). Everything else, unknown fields included,
 * is carried as it is. Paths are checked against both versions' schemas by the compiler and
 * again here, and the way back, `to → from`, is derived; a move that cannot be undone throws a
 * `SchemeError` that names it. Spread the result into `converters`, beside hand-written ones if
 * you like.
 *
 * @example
 * ```ts
 * const versions = { v1beta1: { schema: CronTabV1beta1, storage: true }, v1: { schema: CronTabV1 } }
 * const cronTab = defineResource({
 *   group: 'example.com',
 *   kind: 'CronTab',
 *   versions,
 *   converters: fieldMoves(versions, 'v1beta1', 'v1', (move) => [
 *     move.split('hostPort', { host: 'host', port: 'port' }, { split: splitHostPort, join: joinHostPort }),
 *   ]),
 * })
 * ```
 */
export function fieldMoves<
  const Versions extends VersionMap,
  From extends keyof Versions & string,
  To extends Exclude<keyof Versions & string, From>,
  const Moves extends FieldMove,
  Then extends ConvertedObject<Versions, To> = ConvertedObject<Versions, To>,
  Stash extends StashSchema | undefined = undefined,
>(
  versions: Versions,
  from: From,
  to: To,
  declare: (
    move: FieldMoveBuilder<output<Versions[From]['schema']>, output<Versions[To]['schema']>>
  ) => readonly Moves[],
  options: FieldMovesOptions<Versions, From, To, Moves, Then, Stash> = {}
): ConverterBetween<Versions>[] {
  const moves = declare(builder as never)
  const hooks = options as unknown as ErasedMoveOptions
  const problems = [
    ...moveProblems(versions, from, to, moves, hooks),
    ...stashKeyProblems(moves, hooks),
  ]
  if (isNonEmpty(problems)) throw new SchemeError(`fieldMoves ${from} → ${to}`, problems)
  const plans = movePlans(versions, from, to, moves, hooks)
  const places = annotationPlaces(moves)
  const converters: Converter[] = [
    {
      from,
      to,
      convert: (object, context) => runMoves(plans.forward, object, context),
      ...(places.length === 0 ? {} : { annotationPlaces: places }),
    },
  ]
  if (options.oneWay !== true) {
    converters.push({
      from: to,
      to: from,
      convert: (object, context) => runMoves(plans.back, object, context),
    })
  }
  return converters as unknown as ConverterBetween<Versions>[]
}

/** The annotation places of a declaration's `removed` moves (never inside `each`). */
function annotationPlaces(moves: readonly FieldMove[]): AnnotationPlace[] {
  return moves.flatMap((move) =>
    move.kind === 'removed' && move.annotation !== undefined
      ? [{ path: move.path, annotation: move.annotation, holds: move.holds ?? 'field' }]
      : []
  )
}
