// The stash annotation as text: its key, reading it back (a mangled one reads as none, one past
// the limits throws) and writing it within its byte and depth budget.
import { nestingDepthExceeds, parseJson } from '../../json/index.ts'
import { ConversionError, StashTooLargeError } from '../conversion-error.ts'
import { describeObject, isPlainObject, type KubeObject } from '../kube-object.ts'
import { annotationsSize, MAX_ANNOTATIONS_BYTES, utf8Length } from '../kubernetes-validation.ts'
import type { ConversionContext } from '../resource-definition.ts'
import { canonicalJson } from './stable-hash.ts'

/** The stash annotation is `<group>/conversion-stash`, one per object whatever its versions. */
export const STASH_ANNOTATION_NAME = 'conversion-stash'

/**
 * Default budget of the stash annotation, key and value, in UTF-8 bytes: a quarter of the
 * 256 KiB the API server allows for all annotations, leaving room for kubectl's
 * last-applied-configuration and the user's own.
 */
export const MAX_STASH_BYTES = 64 * 1024

/**
 * Default deepest nesting of the stash annotation's JSON (flat fields make three levels): the
 * limits on the way in see the annotation as a string, so a hand-written one is held to this.
 */
export const MAX_STASH_DEPTH = 64

const stashKeys = new Map<string, string>()

/** The name of the stash annotation of `group`: `example.com/conversion-stash`. */
export function stashAnnotationKey(group: string): string {
  // groups come from resource definitions, never from clients: the map stays small
  let key = stashKeys.get(group)
  if (key === undefined) {
    key = `${group}/${STASH_ANNOTATION_NAME}`
    stashKeys.set(group, key)
  }
  return key
}

/** The stash annotation's limits. */
export interface StashLimits {
  /** Budget of the stash annotation (key and value) in UTF-8 bytes; default `MAX_STASH_BYTES`. */
  readonly maxBytes?: number
  /** Deepest nesting of the stash annotation's JSON; default `MAX_STASH_DEPTH`. */
  readonly maxDepth?: number
}

export interface StashEntry {
  readonly fields: Record<string, unknown>
  readonly hash: string
  readonly watch?: readonly string[]
}

export type Stash = Record<string, StashEntry>

/**
 * A stash annotation someone else wrote or mangled reads as no stash at all; one past the size
 * or depth limit throws, as it can only have been written by hand to get around the limits.
 */
export function readStash(
  object: KubeObject,
  context: ConversionContext,
  value: unknown,
  options: StashLimits
): Stash | undefined {
  if (typeof value !== 'string') return undefined
  const key = stashAnnotationKey(context.group)
  const refused = `cannot convert ${describeObject(object)} from ${context.from} to ${context.to}: annotation ${key}`
  const maxBytes = options.maxBytes ?? MAX_STASH_BYTES
  const bytes = utf8Length(key) + utf8Length(value)
  if (bytes > maxBytes) {
    throw new ConversionError(
      `${refused} takes ${bytes} bytes, over the stash's limit of ${maxBytes} bytes; it was not written by crdconv: remove or shrink it`
    )
  }
  let parsed: unknown
  try {
    parsed = parseJson(value)
  } catch {
    return undefined
  }
  const maxDepth = options.maxDepth ?? MAX_STASH_DEPTH
  if (nestingDepthExceeds(parsed, maxDepth)) {
    throw new ConversionError(
      `${refused} nests more than ${maxDepth} levels deep, the stash's limit; it was not written by crdconv: remove or shrink it`
    )
  }
  if (!isPlainObject(parsed)) return undefined
  const stash: Stash = {}
  for (const [version, entry] of Object.entries(parsed)) {
    if (!isPlainObject(entry) || !isPlainObject(entry['fields'])) continue
    if (typeof entry['hash'] !== 'string') continue
    const watch = entry['watch']
    const paths = Array.isArray(watch)
      ? watch.filter((path) => typeof path === 'string')
      : undefined
    stash[version] = {
      fields: entry['fields'],
      hash: entry['hash'],
      ...(paths === undefined ? {} : { watch: paths }),
    }
  }
  return stash
}

export interface Stashing {
  readonly object: KubeObject
  readonly context: ConversionContext
  readonly key: string
  readonly fields: Readonly<Record<string, unknown>>
  readonly annotations: Readonly<Record<string, string>>
}

/**
 * The stash as annotation text, or a `StashTooLargeError` (failure code `stash-too-large`) past its
 * depth or byte budget, or past the API server's limit on all annotations.
 */
export function encodeWithinBudget(
  stash: Stash,
  { object, context, key, fields, annotations }: Stashing,
  options: StashLimits
): string {
  const names = Object.keys(fields).join(', ')
  const field = Object.keys(fields)[0]
  const what = `cannot convert ${describeObject(object)} from ${context.from} to ${context.to}: ${names} (no place in ${context.to}) must be kept in annotation ${key}`
  const maxDepth = options.maxDepth ?? MAX_STASH_DEPTH
  if (nestingDepthExceeds(stash, maxDepth)) {
    throw new StashTooLargeError(
      `${what}, which would nest more than ${maxDepth} levels deep, the stash's limit; flatten these fields`,
      field === undefined ? {} : { field }
    )
  }
  const value = canonicalJson(stash)
  const budget = options.maxBytes ?? MAX_STASH_BYTES
  const stashBytes = utf8Length(key) + utf8Length(value)
  if (stashBytes > budget) {
    throw new StashTooLargeError(
      `${what}, which would take ${stashBytes} bytes, over its budget of ${budget} bytes; shrink these fields`,
      field === undefined ? {} : { field }
    )
  }
  const { [key]: _old, ...others } = annotations
  const total = annotationsSize(others) + stashBytes
  if (total > MAX_ANNOTATIONS_BYTES) {
    throw new StashTooLargeError(
      `${what}, which would bring the object's annotations to ${total} bytes, over the API server's limit of ${MAX_ANNOTATIONS_BYTES}; remove other annotations or shrink these fields`,
      field === undefined ? {} : { field }
    )
  }
  return value
}
