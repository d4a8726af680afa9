import * as fc from 'fast-check'
import { isPlainObject } from '../scheme/index.ts'

/** A JSON Schema as `z.toJSONSchema` writes it (draft 2020-12); only what generation reads is typed. */
export type JsonSchema = boolean | { readonly [keyword: string]: unknown }

export interface JsonSchemaArbitraryOptions {
  /** Every property may be absent, `required` or not: server-side apply sends fragments. */
  readonly partial?: boolean
  /** Names for fields a schema does not declare, where it lets them in (`additionalProperties`). */
  readonly unknownKey: fc.Arbitrary<string>
  /** Nesting past which optional properties and array items stop being generated; default 6. */
  readonly maxDepth?: number
}

interface Walk {
  readonly root: JsonSchema
  readonly options: JsonSchemaArbitraryOptions
  readonly maxDepth: number
}

/**
 * Values that satisfy `schema`, shrinking towards small ones. Where the schema lets in fields it
 * does not declare (`additionalProperties` other than `false`, as `z.looseObject` writes it),
 * some appear, named by `options.unknownKey`. Keywords it does not know are ignored, so the
 * values are at worst more varied than the schema allows, never less.
 *
 * @example
 * ```ts
 * const spec = arbitraryFromJsonSchema(z.toJSONSchema(Spec, { io: 'input' }), {
 *   unknownKey: fc.constantFrom('extra', 'other'),
 * })
 * ```
 */
export function arbitraryFromJsonSchema(
  schema: JsonSchema,
  options: JsonSchemaArbitraryOptions
): fc.Arbitrary<unknown> {
  return arbitraryFor(schema, { root: schema, options, maxDepth: options.maxDepth ?? 6 }, 0)
}

/** Every property name a schema declares, at any depth: unknown fields must not take one. */
export function declaredPropertyNames(schema: JsonSchema, into = new Set<string>()): Set<string> {
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(visit)
      return
    }
    if (!isPlainObject(node)) return
    if (isPlainObject(node['properties'])) {
      for (const name of Object.keys(node['properties'])) into.add(name)
    }
    for (const value of Object.values(node)) visit(value)
  }
  visit(schema)
  return into
}

const anyJson = fc.jsonValue({ maxDepth: 2 })

function arbitraryFor(schema: JsonSchema, walk: Walk, depth: number): fc.Arbitrary<unknown> {
  if (schema === true) return anyJson
  if (schema === false) return fc.constant(null)
  if (typeof schema['$ref'] === 'string') {
    return depth > walk.maxDepth * 2
      ? fc.constant(null)
      : arbitraryFor(resolveRef(walk.root, schema['$ref']), walk, depth + 1)
  }
  if ('const' in schema) return fc.constant(schema['const'])
  if (Array.isArray(schema['enum'])) return fc.constantFrom(...(schema['enum'] as unknown[]))
  const branches = schema['anyOf'] ?? schema['oneOf']
  if (Array.isArray(branches) && branches.length > 0) {
    return fc.oneof(...branches.map((branch) => arbitraryFor(branch as JsonSchema, walk, depth)))
  }
  if (Array.isArray(schema['allOf']) && schema['allOf'].length > 0) {
    return arbitraryFor(mergeAllOf(schema['allOf'] as JsonSchema[]), walk, depth)
  }
  const type = schema['type']
  if (Array.isArray(type)) {
    return fc.oneof(...type.map((one) => arbitraryFor({ ...schema, type: one }, walk, depth)))
  }
  switch (type) {
    case 'string':
      return stringArbitrary(schema)
    case 'integer':
      return integerArbitrary(schema)
    case 'number':
      return numberArbitrary(schema)
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'array':
      return arrayArbitrary(schema, walk, depth)
    case 'object':
      return objectArbitrary(schema, walk, depth)
    default:
      if (isPlainObject(schema['properties'])) return objectArbitrary(schema, walk, depth)
      return anyJson
  }
}

/** The schema a local `$ref` (`#/$defs/Name`, `#`) points at; `true` for any other. */
export function resolveRef(root: JsonSchema, ref: string): JsonSchema {
  if (ref === '#') return root
  if (!ref.startsWith('#/')) return true
  let node: unknown = root
  for (const segment of ref.slice(2).split('/')) {
    const key = segment.replaceAll('~1', '/').replaceAll('~0', '~')
    node = isPlainObject(node) ? node[key] : undefined
  }
  return isPlainObject(node) || typeof node === 'boolean' ? (node as JsonSchema) : true
}

/** One schema for an `allOf` of objects: their properties and required names together. */
export function mergeAllOf(parts: readonly JsonSchema[]): JsonSchema {
  const merged: Record<string, unknown> = {}
  const properties: Record<string, unknown> = {}
  const required: unknown[] = []
  for (const part of parts) {
    if (typeof part === 'boolean') continue
    Object.assign(merged, part)
    if (isPlainObject(part['properties'])) Object.assign(properties, part['properties'])
    if (Array.isArray(part['required'])) required.push(...part['required'])
  }
  if (Object.keys(properties).length > 0) {
    merged['properties'] = properties
    merged['required'] = required
  }
  return merged
}

const number = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined

function stringArbitrary(schema: { readonly [keyword: string]: unknown }): fc.Arbitrary<string> {
  const minLength = number(schema['minLength']) ?? 0
  const maxLength = number(schema['maxLength'])
  const fitsLength = (text: string) =>
    text.length >= minLength && (maxLength === undefined || text.length <= maxLength)
  const pattern = typeof schema['pattern'] === 'string' ? schema['pattern'] : undefined
  if (pattern !== undefined) {
    try {
      return fc.stringMatching(new RegExp(pattern)).filter(fitsLength)
    } catch {
      // a pattern fast-check cannot invert: fall back on the format or on plain text
    }
  }
  const format =
    typeof schema['format'] === 'string' ? formatArbitrary(schema['format']) : undefined
  if (format !== undefined) return format.filter(fitsLength)
  const constraints = maxLength === undefined ? { minLength } : { minLength, maxLength }
  // graphemes can take two UTF-16 units, and zod counts units
  return fc.oneof(
    { weight: 3, arbitrary: fc.string(constraints) },
    { weight: 1, arbitrary: fc.string({ ...constraints, unit: 'grapheme' }).filter(fitsLength) }
  )
}

function formatArbitrary(format: string): fc.Arbitrary<string> | undefined {
  const date = fc.date({
    min: new Date('1970-01-01T00:00:00Z'),
    max: new Date('2100-01-01T00:00:00Z'),
    noInvalidDate: true,
  })
  switch (format) {
    case 'email':
      return fc.emailAddress()
    case 'uuid':
    case 'guid':
      return fc.uuid()
    case 'uri':
    case 'url':
      return fc.webUrl()
    case 'hostname':
      return fc.domain()
    case 'ipv4':
      return fc.ipV4()
    case 'ipv6':
      return fc.ipV6()
    case 'date-time':
      return date.map((moment) => moment.toISOString())
    case 'date':
      return date.map((moment) => moment.toISOString().slice(0, 10))
    case 'time':
      return date.map((moment) => moment.toISOString().slice(11, 19))
    default:
      return undefined
  }
}

function integerArbitrary(schema: { readonly [keyword: string]: unknown }): fc.Arbitrary<number> {
  let min = Math.ceil(number(schema['minimum']) ?? Number.MIN_SAFE_INTEGER)
  let max = Math.floor(number(schema['maximum']) ?? Number.MAX_SAFE_INTEGER)
  const exclusiveMin = number(schema['exclusiveMinimum'])
  const exclusiveMax = number(schema['exclusiveMaximum'])
  if (exclusiveMin !== undefined) min = Math.max(min, Math.floor(exclusiveMin) + 1)
  if (exclusiveMax !== undefined) max = Math.min(max, Math.ceil(exclusiveMax) - 1)
  min = Math.max(min, Number.MIN_SAFE_INTEGER)
  max = Math.min(max, Number.MAX_SAFE_INTEGER)
  if (min > max) return fc.constant(min)
  const step = number(schema['multipleOf'])
  if (step !== undefined && Number.isInteger(step) && step > 0) {
    const low = Math.ceil(min / step)
    const high = Math.floor(max / step)
    if (low <= high) return fc.integer({ min: low, max: high }).map((times) => times * step)
  }
  return fc.integer({ min, max })
}

function numberArbitrary(schema: { readonly [keyword: string]: unknown }): fc.Arbitrary<number> {
  const exclusiveMin = number(schema['exclusiveMinimum'])
  const exclusiveMax = number(schema['exclusiveMaximum'])
  const min = exclusiveMin ?? number(schema['minimum'])
  const max = exclusiveMax ?? number(schema['maximum'])
  return fc.double({
    noNaN: true,
    noDefaultInfinity: true,
    ...(min === undefined ? {} : { min, minExcluded: exclusiveMin !== undefined }),
    ...(max === undefined ? {} : { max, maxExcluded: exclusiveMax !== undefined }),
  })
}

function arrayArbitrary(
  schema: { readonly [keyword: string]: unknown },
  walk: Walk,
  depth: number
): fc.Arbitrary<unknown[]> {
  const prefix = Array.isArray(schema['prefixItems']) ? (schema['prefixItems'] as JsonSchema[]) : []
  const minLength = number(schema['minItems']) ?? 0
  const declaredMax = number(schema['maxItems'])
  const deep = depth >= walk.maxDepth
  const maxLength = Math.max(
    minLength,
    Math.min(declaredMax ?? Infinity, deep ? minLength : minLength + 3)
  )
  const items = schema['items']
  const itemSchema: JsonSchema =
    items === undefined ? (prefix.length > 0 ? false : true) : (items as JsonSchema)
  if (prefix.length > 0) {
    const head = fc.tuple(...prefix.map((item) => arbitraryFor(item, walk, depth + 1)))
    if (itemSchema === false) return head
    const tail = fc.array(arbitraryFor(itemSchema, walk, depth + 1), {
      maxLength: Math.max(0, maxLength - prefix.length),
    })
    return fc.tuple(head, tail).map(([first, rest]) => [...first, ...rest])
  }
  const item = arbitraryFor(itemSchema, walk, depth + 1)
  if (schema['uniqueItems'] === true) {
    return fc.uniqueArray(item, {
      minLength,
      maxLength,
      selector: (value) => JSON.stringify(value),
    })
  }
  return fc.array(item, { minLength, maxLength })
}

function objectArbitrary(
  schema: { readonly [keyword: string]: unknown },
  walk: Walk,
  depth: number
): fc.Arbitrary<Record<string, unknown>> {
  const properties = isPlainObject(schema['properties']) ? schema['properties'] : {}
  const names = Object.keys(properties).filter((name) => name !== '__proto__')
  const required = new Set(
    walk.options.partial === true || !Array.isArray(schema['required']) ? [] : schema['required']
  )
  const deep = depth >= walk.maxDepth
  const model: Record<string, fc.Arbitrary<unknown>> = {}
  for (const name of names) {
    if (deep && !required.has(name)) continue
    model[name] = arbitraryFor(properties[name] as JsonSchema, walk, depth + 1)
  }
  const declared = fc.record(model, {
    requiredKeys: Object.keys(model).filter((name) => required.has(name)),
  })
  const additional = schema['additionalProperties']
  if (additional === undefined || additional === false || deep) return declared
  const taken = new Set(names)
  const keyArbitrary = isPlainObject(schema['propertyNames'])
    ? (arbitraryFor(schema['propertyNames'], walk, depth + 1) as fc.Arbitrary<unknown>)
    : walk.options.unknownKey
  const key = keyArbitrary.filter(
    (name): name is string => typeof name === 'string' && name !== '__proto__' && !taken.has(name)
  )
  const value = arbitraryFor(additional as JsonSchema, walk, depth + 1)
  const extra = fc.dictionary(key, value, { maxKeys: names.length === 0 ? 4 : 2 })
  return fc.tuple(declared, extra).map(([known, unknown]) => ({ ...unknown, ...known }))
}
