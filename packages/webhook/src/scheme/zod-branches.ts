// How the scheme reads a zod schema's structure: its definitions (zod classic and zod/mini alike),
// taken apart through wrappers, pipes, lazy schemas, unions and intersections.
import type { $ZodType } from 'zod/v4/core'

/** The members of zod's `_zod.def` the scheme reads. */
export interface ZodDefinition {
  readonly type: string
  readonly shape?: Readonly<Record<string, $ZodType>>
  readonly catchall?: $ZodType
  readonly innerType?: $ZodType
  readonly in?: $ZodType
  readonly options?: readonly $ZodType[]
  readonly left?: $ZodType
  readonly right?: $ZodType
  readonly getter?: () => $ZodType
  readonly defaultValue?: unknown
  readonly element?: $ZodType
  readonly valueType?: $ZodType
}

export const definitionOf = (schema: $ZodType) => schema._zod.def as unknown as ZodDefinition

// wrappers around a value whose fields are the wrapped schema's
const WRAPPERS = new Set([
  'optional',
  'nullable',
  'default',
  'prefault',
  'readonly',
  'nonoptional',
  'catch',
])
/** Lazy and recursive schemas are followed this many wrappers deep at most. */
export const MAX_UNWRAP = 32

/** The wrapped schema, when `definition` only wraps one (optional, nullable, default, …). */
export function wrappedSchema(definition: ZodDefinition): $ZodType | undefined {
  return WRAPPERS.has(definition.type) ? definition.innerType : undefined
}

/** The schemas `definition` stands for: what it wraps, pipes from, or joins. */
export function innerSchemas(definition: ZodDefinition): $ZodType[] {
  const wrapped = wrappedSchema(definition)
  if (wrapped !== undefined) return [wrapped]
  if (definition.type === 'pipe' && definition.in !== undefined) return [definition.in]
  if (definition.type === 'lazy' && definition.getter !== undefined) return [definition.getter()]
  if (definition.type === 'union') return [...(definition.options ?? [])]
  if (definition.type === 'intersection') {
    return [definition.left, definition.right].filter((side) => side !== undefined)
  }
  return []
}

/**
 * Every definition a value of `schema` may be checked by, wrappers and unions taken apart, and
 * the defaults met on the way (outermost first).
 *
 * @example
 * ```ts
 * schemaBranches(z.optional(z.union([z.string(), z._default(z.int(), 1)])))
 * // → { branches: [string's, int's definitions], defaults: [1] }
 * ```
 */
export function schemaBranches(schema: $ZodType): {
  branches: ZodDefinition[]
  defaults: unknown[]
} {
  const branches: ZodDefinition[] = []
  const defaults: unknown[] = []
  const walk = (next: $ZodType, depth: number): void => {
    if (depth > MAX_UNWRAP) return
    const definition = definitionOf(next)
    if (definition.type === 'default' || definition.type === 'prefault') {
      defaults.push(definition.defaultValue)
    }
    const inner = innerSchemas(definition)
    if (inner.length === 0) branches.push(definition)
    for (const schemaInside of inner) walk(schemaInside, depth + 1)
  }
  walk(schema, 0)
  return { branches, defaults }
}

/** Whether an object's `catchall` keeps no unknown fields (none given, or `z.never()`). */
export function closedCatchall(definition: ZodDefinition): boolean {
  return definition.catchall === undefined || definitionOf(definition.catchall).type === 'never'
}
