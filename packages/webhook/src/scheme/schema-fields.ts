import type { $ZodType } from 'zod/v4/core'
import {
  closedCatchall,
  definitionOf,
  innerSchemas,
  MAX_UNWRAP,
  schemaBranches,
  wrappedSchema,
} from './zod-branches.ts'

/** A field a zod schema declares: whether it was found, and its `z.default` value if it has one. */
export interface SchemaField {
  readonly hasDefault: boolean
  readonly defaultValue: unknown
}

/**
 * The field at the dotted `path` of `schema`, read from zod's definitions (zod classic and
 * zod/mini alike), or `undefined` when no object on the way declares it. Through optional,
 * nullable, default, pipe and lazy wrappers, and any branch of a union or intersection.
 *
 * @example
 * ```ts
 * schemaField(z.object({ spec: z.object({ mode: z._default(z.string(), 'fast') }) }), 'spec.mode')
 * // → { hasDefault: true, defaultValue: 'fast' }
 * ```
 */
export function schemaField(schema: $ZodType, path: string): SchemaField | undefined {
  const candidates = fieldSchemas(schema, path)
  if (candidates === undefined) return undefined
  for (const candidate of candidates) {
    const found = defaultOf(candidate, 0)
    if (found !== undefined) return found
  }
  return { hasDefault: false, defaultValue: undefined }
}

/**
 * The schema of one item of the list at the dotted `path` of `schema`, or `undefined` when the
 * field is not there or is not a list of objects.
 *
 * @example
 * ```ts
 * listItemSchema(z.object({ ports: z.array(z.object({ port: z.int() })) }), 'ports') // the item's z.object
 * ```
 */
export function listItemSchema(schema: $ZodType, path: string): $ZodType | undefined {
  for (const candidate of fieldSchemas(schema, path) ?? []) {
    const item = arrayElement(candidate, 0)
    if (item !== undefined && objectShapes(item, 0).length > 0) return item
  }
  return undefined
}

/**
 * Whether the API server drops the field at the dotted `path` from objects of `schema`: no
 * object that could hold it declares it or keeps unknown fields (`z.looseObject`, a record).
 *
 * @example
 * ```ts
 * prunesField(z.object({ spec: z.object({ size: z.int() }) }), 'spec.legacy') // → true
 * ```
 */
export function prunesField(schema: $ZodType, path: string): boolean {
  const dot = path.lastIndexOf('.')
  const holders = dot === -1 ? [schema] : fieldSchemas(schema, path.slice(0, dot))
  if (holders === undefined) return true
  const name = path.slice(dot + 1)
  return holders.every((holder) =>
    schemaBranches(holder).branches.every(
      (definition) =>
        definition.type === 'array' ||
        (definition.type === 'object' &&
          !Object.hasOwn(definition.shape ?? {}, name) &&
          closedCatchall(definition))
    )
  )
}

function fieldSchemas(schema: $ZodType, path: string): $ZodType[] | undefined {
  let candidates: $ZodType[] = [schema]
  for (const name of path.split('.')) {
    const next: $ZodType[] = []
    for (const candidate of candidates) {
      for (const shape of objectShapes(candidate, 0)) {
        const field = Object.hasOwn(shape, name) ? shape[name] : undefined
        if (field !== undefined) next.push(field)
      }
    }
    if (next.length === 0) return undefined
    candidates = next
  }
  return candidates
}

function arrayElement(schema: $ZodType, depth: number): $ZodType | undefined {
  if (depth > MAX_UNWRAP) return undefined
  const definition = definitionOf(schema)
  if (definition.type === 'array') return definition.element
  const wrapped = wrappedSchema(definition)
  return wrapped === undefined ? undefined : arrayElement(wrapped, depth + 1)
}

function objectShapes(schema: $ZodType, depth: number): Readonly<Record<string, $ZodType>>[] {
  if (depth > MAX_UNWRAP) return []
  const definition = definitionOf(schema)
  if (definition.type === 'object' && definition.shape !== undefined) return [definition.shape]
  return innerSchemas(definition).flatMap((inner) => objectShapes(inner, depth + 1))
}

function defaultOf(schema: $ZodType, depth: number): SchemaField | undefined {
  if (depth > MAX_UNWRAP) return undefined
  const definition = definitionOf(schema)
  if (definition.type === 'default' || definition.type === 'prefault') {
    return { hasDefault: true, defaultValue: definition.defaultValue }
  }
  const wrapped = wrappedSchema(definition)
  return wrapped === undefined ? undefined : defaultOf(wrapped, depth + 1)
}
