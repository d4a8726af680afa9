// Fields with no place in the other version, kept in an annotation and given back on the way home.
import { describeObject, isPlainObject, type KubeObject } from '../kube-object.ts'
import { problem } from '../problem.ts'
import type { ConversionContext } from '../resource-definition.ts'
import {
  encodeWithinBudget,
  readStash,
  stashAnnotationKey,
  type Stash,
  type StashEntry,
  type StashLimits,
} from './stash-annotation-text.ts'
import { canonicalJson } from './stable-hash.ts'
import { fingerprint, writtenBefore } from './stash-fingerprint.ts'
import {
  readStashed,
  type StaleStash,
  type StashInput,
  type StashOutput,
  type StashSchema,
} from './stash-schema.ts'

export {
  MAX_STASH_BYTES,
  MAX_STASH_DEPTH,
  STASH_ANNOTATION_NAME,
  stashAnnotationKey,
  type StashLimits,
} from './stash-annotation-text.ts'

export interface StashOptions extends StashLimits {
  /**
   * Dotted paths (`spec.destination`) of the converted object's fields whose edit makes the
   * stash stale. Default: every field beside `apiVersion`, `kind`, `metadata` and `status`, so
   * any edit made at the other version drops it, while controllers that only write `status`
   * do not. Name fewer when the API server defaults fields of the other version that have
   * nothing to do with the stashed ones; name `status` paths to guard stashed status fields.
   */
  readonly watch?: readonly string[]
}

/**
 * Fields as a stash gives them back: each may be missing (stale, or never stashed), none
 * `undefined`. Where `Fields` is a union (a converter that stashes different fields on different
 * paths), every field of any of them, with the types it has where it is stashed.
 */
export type StashedFields<Fields> = {
  readonly [Name in KeyOfAny<Fields>]?: Fields extends unknown
    ? Name extends keyof Fields
      ? Exclude<Fields[Name], undefined>
      : never
    : never
}

/** The keys of every member of a union (`keyof` of a union gives only the shared ones). */
type KeyOfAny<T> = T extends unknown ? keyof T : never

declare const stashedFields: unique symbol

/**
 * Type only: the fields a `stashFields` call kept, carried on the type of its result, so that
 * `fieldMoves` types what `thenBack` gets back with what `then` stashed (and the other way).
 */
export type CarriesStash<Fields> = { readonly [stashedFields]?: Fields }

/** The fields a converter's result says it stashed (`{}` when it says nothing). */
export type StashOf<Result> = [
  Result extends { readonly [stashedFields]?: infer Fields }
    ? unknown extends Fields
      ? never
      : Fields
    : never,
] extends [infer Fields]
  ? [Fields] extends [never]
    ? object
    : Fields
  : object

/** What `restoreStashedFields` found: the fields to restore (`undefined` when none or stale). */
export interface Unstashed<T, Fields = Readonly<Record<string, unknown>>> {
  /** The object with its entry removed from the stash, the annotation gone once empty. */
  readonly object: T
  readonly fields: StashedFields<Fields> | undefined
  /** `stale`: an entry existed but the object was edited since, or it failed the schema: dropped. */
  readonly outcome: 'restored' | 'none' | 'stale'
  /** Why a `stale` entry was dropped, with its code. */
  readonly stale?: StaleStash
}

/** `stashFields`' options with the stash's schema: the fields it takes are typed by it. */
export interface SchemaStashOptions<Schema extends StashSchema> extends StashOptions {
  readonly schema: Schema
}

/** `restoreStashedFields`' options: the stash's limits, and its schema to read the fields with. */
export interface RestoreOptions extends StashLimits {
  /** The stash's fields as a zod object: what passes it is given back typed, the rest is stale. */
  readonly schema?: StashSchema
}

/**
 * Keeps `fields` that have no place in `context.to` in the stash annotation of the converted
 * object, under `context.from`, with a hash of the converted object's fields; the converter
 * going back calls `restoreStashedFields`. Fields whose value is `undefined` are left out;
 * with none left the object comes back as it was. `converted` must still carry the metadata
 * of the object it came from (`{ ...rest }` does), since the answer's annotations replace
 * the old ones. Throws a `ConversionError` past the budget, so the API server never gets
 * annotations it would reject.
 *
 * @example
 * ```ts
 * convert: ({ spec, ...rest }, context) => {
 *   if (spec === undefined) return rest
 *   const { encryption, ...others } = spec
 *   return stashFields({ ...rest, spec: others }, context, { 'spec.encryption': encryption })
 * }
 * ```
 */
export function stashFields<T extends KubeObject, Schema extends StashSchema>(
  converted: T,
  context: ConversionContext,
  fields: StashInput<Schema>,
  options: SchemaStashOptions<Schema>
): T & CarriesStash<StashOutput<Schema>>
export function stashFields<T extends KubeObject, Fields extends Readonly<Record<string, unknown>>>(
  converted: T,
  context: ConversionContext,
  fields: Fields,
  options?: StashOptions
): T & CarriesStash<Fields>
export function stashFields<T extends KubeObject, Fields extends Readonly<Record<string, unknown>>>(
  converted: T,
  context: ConversionContext,
  fields: Fields,
  options: StashOptions = {}
): T & CarriesStash<Fields> {
  const kept: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) kept[name] = value
  const key = stashAnnotationKey(context.group)
  const annotations = annotationsOf(converted)
  const stash = readStash(converted, context, annotations[key], options)
  const hadEntry = stash !== undefined && Object.hasOwn(stash, context.from)
  if (Object.keys(kept).length === 0 && !hadEntry) return converted as T & CarriesStash<Fields>
  const next: Stash = { ...stash }
  delete next[context.from]
  if (Object.keys(kept).length > 0) {
    const watch = options.watch
    next[context.from] = {
      fields: kept,
      hash: fingerprint(converted, watch, context.versions?.[context.to]?.schema),
      ...(watch === undefined ? {} : { watch: [...watch] }),
    }
  }
  const value =
    Object.keys(next).length === 0
      ? undefined
      : encodeWithinBudget(
          next,
          { object: converted, context, key, fields: kept, annotations },
          options
        )
  return withStash(converted, annotations, key, value) as T & CarriesStash<Fields>
}

/**
 * Takes back what `stashFields` kept for `context.to`, provided the fields it was taken
 * from are unchanged; either way the entry leaves the annotation, and the annotation leaves
 * the object once empty. With `options.schema` the fields are read through it and typed by it;
 * an entry that fails it is `stale` (`stash-unreadable`), never cast. Absent metadata, annotation
 * or entry, or an unreadable annotation, are not errors: there is nothing to restore. A stash over
 * `options.maxBytes` or nested deeper than `options.maxDepth` is: it throws a `ConversionError`
 * naming the object and the limit, so the review fails instead of handing the API server what
 * the webhook would refuse to receive.
 *
 * @example
 * ```ts
 * const EncryptionStash = z.object({ encryption: z.optional(Encryption) })
 * convert: (object, context) => {
 *   const { object: rest, fields } = restoreStashedFields(object, context, { schema: EncryptionStash })
 *   const encryption = fields?.encryption
 *   if (encryption === undefined || rest.spec === undefined) return rest
 *   return { ...rest, spec: { ...rest.spec, encryption } }
 * }
 * ```
 */
export function restoreStashedFields<T extends KubeObject, Schema extends StashSchema>(
  object: T,
  context: ConversionContext,
  options: RestoreOptions & { readonly schema: Schema }
): Unstashed<T, StashOutput<Schema>>
export function restoreStashedFields<T extends KubeObject>(
  object: T,
  context: ConversionContext,
  options?: RestoreOptions
): Unstashed<T>
export function restoreStashedFields<T extends KubeObject>(
  object: T,
  context: ConversionContext,
  options: RestoreOptions = {}
): Unstashed<T> {
  const key = stashAnnotationKey(context.group)
  const annotations = annotationsOf(object)
  if (!Object.hasOwn(annotations, key)) return { object, fields: undefined, outcome: 'none' }
  const stash = readStash(object, context, annotations[key], options)
  if (stash === undefined) {
    return {
      object: withStash(object, annotations, key, undefined),
      fields: undefined,
      outcome: 'none',
    }
  }
  if (!Object.hasOwn(stash, context.to)) return { object, fields: undefined, outcome: 'none' }
  const { [context.to]: entry, ...rest } = stash
  const value = Object.keys(rest).length === 0 ? undefined : canonicalJson(rest)
  const unstashed = withStash(object, annotations, key, value)
  const schema = context.versions?.[context.from]?.schema
  const named = `the stash entry of ${context.to} on ${context.kind} ${describeObject(object)}`
  if (
    entry === undefined ||
    (entry.hash !== fingerprint(object, entry.watch, schema) &&
      entry.hash !== writtenBefore(object, entry.watch))
  ) {
    const why = `${named} was written before the object was edited at ${context.from}: dropped, nothing restored`
    return {
      object: unstashed,
      fields: undefined,
      outcome: 'stale',
      stale: problem('stash-edited', why),
    }
  }
  if (options.schema === undefined)
    return { object: unstashed, fields: entry.fields, outcome: 'restored' }
  const read = readStashed(options.schema, entry.fields, named)
  if ('problem' in read) {
    return { object: unstashed, fields: undefined, outcome: 'stale', stale: read.problem }
  }
  return { object: unstashed, fields: read.fields, outcome: 'restored' }
}

/**
 * The entry `context.from` has in the stash of `object` as it is, its hash unchecked: what a
 * converter's own code stashed in this conversion, for `fieldMoves` to merge with the moves'.
 */
export function stashEntryOf(
  object: KubeObject,
  context: ConversionContext
): Pick<StashEntry, 'fields' | 'watch'> | undefined {
  const stash = readStash(
    object,
    context,
    annotationsOf(object)[stashAnnotationKey(context.group)],
    {}
  )
  return stash?.[context.from]
}

/** The stash annotation's text on `object`, if any: to tell whether a step wrote the stash. */
export function stashTextOf(object: KubeObject, group: string): string | undefined {
  return annotationsOf(object)[stashAnnotationKey(group)]
}

const NO_ANNOTATIONS: Readonly<Record<string, string>> = Object.freeze({})

function annotationsOf(object: KubeObject): Readonly<Record<string, string>> {
  const metadata = object.metadata
  if (!isPlainObject(metadata) || !isPlainObject(metadata.annotations)) return NO_ANNOTATIONS
  return metadata.annotations
}

function withStash<T extends KubeObject>(
  object: T,
  annotations: Readonly<Record<string, string>>,
  key: string,
  value: string | undefined
): T {
  const { [key]: _old, ...others } = annotations
  const next = value === undefined ? others : { ...others, [key]: value }
  const metadata = isPlainObject(object.metadata) ? object.metadata : {}
  return { ...object, metadata: { ...metadata, annotations: next } }
}
