import * as fc from 'fast-check'
import type { SchemaProps } from '../crd/index.ts'
import { isPlainObject } from '../scheme/index.ts'
import { integerArbitrary, numberArbitrary, stringArbitrary } from './scalar-arbitrary.ts'

/** A structural schema node, as a CRD's `openAPIV3Schema` holds it (`toCrdSchema`'s output). */
export type JsonSchema = SchemaProps

export interface JsonSchemaArbitraryOptions {
  /** Every property may be absent, `required` or not: server-side apply sends fragments. */
  readonly partial?: boolean
  /** Names for fields a schema does not declare, where it keeps them (preserve-unknown-fields). */
  readonly unknownKey: fc.Arbitrary<string>
  /** Nesting past which optional properties and array items stop being generated; default 6. */
  readonly maxDepth?: number
}

interface Walk {
  readonly options: JsonSchemaArbitraryOptions
  readonly maxDepth: number
}

const PRESERVE = 'x-kubernetes-preserve-unknown-fields'
const anyJson = fc.jsonValue({ maxDepth: 2 })
const dnsLabel = fc.stringMatching(/^[a-z0-9]([-a-z0-9]{0,10}[a-z0-9])?$/)

/**
 * Values the API server accepts for a structural schema node, shrinking towards small ones:
 * types, enums, patterns, formats, lengths and bounds hold; `x-kubernetes-int-or-string` gives
 * integers and strings, `x-kubernetes-preserve-unknown-fields` arbitrary JSON (unknown fields,
 * named by `options.unknownKey`, beside declared ones), `x-kubernetes-embedded-resource`
 * `apiVersion`, `kind` and `metadata`, and lists of type `set` or `map` unique items (by their
 * `x-kubernetes-list-map-keys`). Of an `anyOf`/`oneOf`, one branch's `required` holds. CEL rules
 * (`x-kubernetes-validations`) are not read.
 *
 * @example
 * ```ts
 * const spec = arbitraryFromJsonSchema(toCrdSchema(Spec).openAPIV3Schema, {
 *   unknownKey: fc.constantFrom('extra', 'other'),
 * })
 * ```
 */
export function arbitraryFromJsonSchema(
  schema: JsonSchema,
  options: JsonSchemaArbitraryOptions
): fc.Arbitrary<unknown> {
  return arbitraryFor(schema, { options, maxDepth: options.maxDepth ?? 6 }, 0)
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

function arbitraryFor(schema: JsonSchema, walk: Walk, depth: number): fc.Arbitrary<unknown> {
  const value = valueArbitrary(schema, walk, depth)
  return schema['nullable'] === true
    ? fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 4, arbitrary: value })
    : value
}

function valueArbitrary(schema: JsonSchema, walk: Walk, depth: number): fc.Arbitrary<unknown> {
  if (Array.isArray(schema['enum']) && schema['enum'].length > 0) {
    return fc.constantFrom(...(schema['enum'] as unknown[]))
  }
  if (schema['x-kubernetes-int-or-string'] === true) {
    return fc.oneof(
      integerArbitrary({ minimum: 0, maximum: 65535, ...schema }),
      stringArbitrary(schema)
    )
  }
  switch (schema['type']) {
    case 'string':
      return stringArbitrary(schema)
    case 'integer':
      return integerArbitrary(schema)
    case 'number':
      return numberArbitrary(schema)
    case 'boolean':
      return fc.boolean()
    case 'array':
      return arrayArbitrary(schema, walk, depth)
    case 'object':
      return objectArbitrary(schema, walk, depth)
    default:
      return anyJson
  }
}

function arrayArbitrary(schema: JsonSchema, walk: Walk, depth: number): fc.Arbitrary<unknown[]> {
  const minLength = number(schema['minItems']) ?? 0
  const deep = depth >= walk.maxDepth
  const maxLength = Math.max(
    minLength,
    Math.min(number(schema['maxItems']) ?? Infinity, deep ? minLength : minLength + 3)
  )
  const items = isPlainObject(schema['items']) ? schema['items'] : {}
  const keys = Array.isArray(schema['x-kubernetes-list-map-keys'])
    ? (schema['x-kubernetes-list-map-keys'] as string[])
    : []
  const listType = schema['x-kubernetes-list-type']
  if (listType === 'map' && keys.length > 0) {
    // the keys identify an item: present in each, and no two items alike in them
    const item = objectArbitrary(items, walk, depth + 1, keys)
    return fc.uniqueArray(item, {
      minLength,
      maxLength,
      selector: (value) => JSON.stringify(keys.map((key) => value[key])),
    })
  }
  const item = arbitraryFor(items, walk, depth + 1)
  if (listType === 'set') {
    return fc.uniqueArray(item, {
      minLength,
      maxLength,
      selector: (value) => JSON.stringify(value),
    })
  }
  return fc.array(item, { minLength, maxLength })
}

function objectArbitrary(
  schema: JsonSchema,
  walk: Walk,
  depth: number,
  alsoRequired: readonly string[] = []
): fc.Arbitrary<Record<string, unknown>> {
  const branches = [...junctorBranches(schema, 'anyOf'), ...junctorBranches(schema, 'oneOf')]
  if (branches.length > 0 && walk.options.partial !== true) {
    // one alternative's required fields, so that the anyOf/oneOf holds
    return fc.oneof(
      ...branches.map((branch) =>
        plainObjectArbitrary(schema, walk, depth, [...alsoRequired, ...branch])
      )
    )
  }
  return plainObjectArbitrary(schema, walk, depth, alsoRequired)
}

function plainObjectArbitrary(
  schema: JsonSchema,
  walk: Walk,
  depth: number,
  alsoRequired: readonly string[]
): fc.Arbitrary<Record<string, unknown>> {
  const properties = isPlainObject(schema['properties']) ? schema['properties'] : {}
  const names = Object.keys(properties).filter((name) => name !== '__proto__')
  const declaredRequired = Array.isArray(schema['required']) ? (schema['required'] as string[]) : []
  const required = new Set(
    walk.options.partial === true ? alsoRequired : [...declaredRequired, ...alsoRequired]
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
  const embedded = schema['x-kubernetes-embedded-resource'] === true
  const additional = schema['additionalProperties']
  const values = isPlainObject(additional)
    ? arbitraryFor(additional, walk, depth + 1)
    : schema[PRESERVE] === true && !deep
      ? anyJson
      : undefined
  const minKeys = number(schema['minProperties']) ?? 0
  const maxKeys = Math.max(minKeys, number(schema['maxProperties']) ?? (names.length === 0 ? 4 : 2))
  const taken = new Set([...names, 'apiVersion', 'kind', 'metadata'])
  const key = (
    isPlainObject(additional) ? fc.string({ minLength: 1, maxLength: 8 }) : walk.options.unknownKey
  ).filter((name) => name !== '__proto__' && !taken.has(name))
  const extra =
    values === undefined
      ? fc.constant({})
      : fc.dictionary(key, values, { minKeys: names.length === 0 ? minKeys : 0, maxKeys })
  const resource = embedded ? embeddedFields : fc.constant({})
  return fc
    .tuple(declared, extra, resource)
    .map(([known, unknown, framing]) => ({ ...unknown, ...framing, ...known }))
}

// x-kubernetes-embedded-resource: the API server wants apiVersion, kind and metadata there
const embeddedFields = fc.record({
  apiVersion: fc.constantFrom('v1', 'apps/v1', 'example.com/v1'),
  kind: fc.constantFrom('ConfigMap', 'Deployment', 'Widget'),
  metadata: fc.record({ name: dnsLabel }),
})

function junctorBranches(schema: JsonSchema, junctor: 'anyOf' | 'oneOf'): string[][] {
  const branches = schema[junctor]
  if (!Array.isArray(branches)) return []
  return branches.map((branch) =>
    isPlainObject(branch) && Array.isArray(branch['required'])
      ? (branch['required'] as string[])
      : []
  )
}

const number = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined
