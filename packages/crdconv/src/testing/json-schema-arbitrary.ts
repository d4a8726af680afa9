import * as fc from 'fast-check'
import { isPlainObject, type SchemaProps } from '@crdconv/webhook/scheme'
import { DEFAULT_LEAF_BUDGET, shareBudget } from './generation-budget.ts'
import { withNotableValues } from './notable-values.ts'
import { integerArbitrary, numberArbitrary, stringArbitrary } from './scalar-arbitrary.ts'

/** A structural schema node, as a CRD's `openAPIV3Schema` holds it (`toCrdSchema`'s output). */
export type JsonSchema = SchemaProps

export interface JsonSchemaArbitraryOptions {
  /** Every property may be absent, `required` or not: server-side apply sends fragments. */
  readonly partial?: boolean
  /** Names for fields a schema does not declare, where it keeps them (preserve-unknown-fields). */
  readonly unknownKey: fc.Arbitrary<string>
  /** Nesting past which optional properties and array items stop being generated; default none. */
  readonly maxDepth?: number
  /**
   * Leaves a value holds on average, at most (`DEFAULT_LEAF_BUDGET`): wider schemas are sampled,
   * each optional part there less often, at every depth.
   */
  readonly leafBudget?: number
  /**
   * Values to offer more often at a field (`.spec.tier`, named as `schemaLeaves` names it),
   * where its schema accepts them: the defaults other versions give it.
   */
  readonly notableAt?: ReadonlyMap<string, readonly unknown[]>
}

/** Where the walk is: how deep, and the field's name (`.spec.ports[].port`). */
interface At {
  readonly depth: number
  readonly field: string
}

const below = (at: At, step: string): At => ({ depth: at.depth + 1, field: at.field + step })

interface Walk {
  readonly options: JsonSchemaArbitraryOptions
  readonly maxDepth: number
}

// an optional part left out: dropped from its object
const ABSENT = Symbol('absent')
const PRESENCE_SCALE = 100

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
 * (`x-kubernetes-validations`) are not read. Every depth the schema has is reached: a schema
 * wider than `leafBudget` is sampled, not cut at a depth. Values converters often mishandle come
 * more often than chance would have them (`notableValues`: defaults, `"*"`, `""`, zero, `false`,
 * bounds), and so do empty lists and maps.
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
  const walk = { options, maxDepth: options.maxDepth ?? Infinity }
  return arbitraryFor(
    schema,
    walk,
    { depth: 0, field: '' },
    options.leafBudget ?? DEFAULT_LEAF_BUDGET
  )
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

function arbitraryFor(
  schema: JsonSchema,
  walk: Walk,
  at: At,
  budget: number
): fc.Arbitrary<unknown> {
  const value = valueArbitrary(schema, walk, at, budget)
  return schema['nullable'] === true
    ? fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 4, arbitrary: value })
    : value
}

function valueArbitrary(
  schema: JsonSchema,
  walk: Walk,
  at: At,
  budget: number
): fc.Arbitrary<unknown> {
  if (Array.isArray(schema['enum']) && schema['enum'].length > 0) {
    return fc.constantFrom(...(schema['enum'] as unknown[]))
  }
  const also = walk.options.notableAt?.get(at.field) ?? []
  if (schema['x-kubernetes-int-or-string'] === true) {
    const intOrString = fc.oneof(
      integerArbitrary({ minimum: 0, maximum: 65535, ...schema }),
      stringArbitrary(schema)
    )
    return withNotableValues<unknown>(intOrString, schema, also)
  }
  switch (schema['type']) {
    case 'string':
      return withNotableValues(stringArbitrary(schema), schema, also)
    case 'integer':
      return withNotableValues(integerArbitrary(schema), schema, also)
    case 'number':
      return withNotableValues(numberArbitrary(schema), schema, also)
    case 'boolean':
      return fc.boolean()
    case 'array':
      return arrayArbitrary(schema, walk, at, budget)
    case 'object':
      return objectArbitrary(schema, walk, at, budget)
    default:
      return anyJson
  }
}

function arrayArbitrary(
  schema: JsonSchema,
  walk: Walk,
  at: At,
  budget: number
): fc.Arbitrary<unknown[]> {
  const minLength = number(schema['minItems']) ?? 0
  const share = shareBudget(schema, budget)
  // a list past the depth limit, or wider than its budget, has fewer items
  const extra = at.depth >= walk.maxDepth ? 0 : share.budgetOf(schema, false) === Infinity ? 3 : 1
  const maxLength = Math.max(
    minLength,
    Math.min(number(schema['maxItems']) ?? Infinity, minLength + extra)
  )
  const items = isPlainObject(schema['items']) ? schema['items'] : {}
  const itemBudget = share.budgetOf(schema, false) / Math.max(1, minLength + extra / 2)
  const keys = Array.isArray(schema['x-kubernetes-list-map-keys'])
    ? (schema['x-kubernetes-list-map-keys'] as string[])
    : []
  const listType = schema['x-kubernetes-list-type']
  let list: fc.Arbitrary<unknown[]>
  if (listType === 'map' && keys.length > 0) {
    // the keys identify an item: present in each, and no two items alike in them
    const item = objectArbitrary(items, walk, below(at, '[]'), itemBudget, keys)
    list = fc.uniqueArray(item, {
      minLength,
      maxLength,
      selector: (value) => JSON.stringify(keys.map((key) => value[key])),
    })
  } else if (listType === 'set') {
    const item = arbitraryFor(items, walk, below(at, '[]'), itemBudget)
    list = fc.uniqueArray(item, {
      minLength,
      maxLength,
      selector: (value) => JSON.stringify(value),
    })
  } else {
    list = fc.array(arbitraryFor(items, walk, below(at, '[]'), itemBudget), {
      minLength,
      maxLength,
    })
  }
  return minLength > 0 ? list : withEmpty(list, [])
}

function objectArbitrary(
  schema: JsonSchema,
  walk: Walk,
  at: At,
  budget: number,
  alsoRequired: readonly string[] = []
): fc.Arbitrary<Record<string, unknown>> {
  const branches = [...junctorBranches(schema, 'anyOf'), ...junctorBranches(schema, 'oneOf')]
  if (branches.length > 0 && walk.options.partial !== true) {
    // one alternative's required fields, so that the anyOf/oneOf holds
    return fc.oneof(
      ...branches.map((branch) =>
        plainObjectArbitrary(schema, walk, at, budget, [...alsoRequired, ...branch])
      )
    )
  }
  return plainObjectArbitrary(schema, walk, at, budget, alsoRequired)
}

function plainObjectArbitrary(
  schema: JsonSchema,
  walk: Walk,
  at: At,
  budget: number,
  alsoRequired: readonly string[]
): fc.Arbitrary<Record<string, unknown>> {
  const properties = isPlainObject(schema['properties']) ? schema['properties'] : {}
  const names = Object.keys(properties).filter((name) => name !== '__proto__')
  const declaredRequired = Array.isArray(schema['required']) ? (schema['required'] as string[]) : []
  const required = new Set(
    walk.options.partial === true ? alsoRequired : [...declaredRequired, ...alsoRequired]
  )
  const deep = at.depth >= walk.maxDepth
  const share = shareBudget(schema, budget)
  const parts: fc.Arbitrary<[string, unknown] | typeof ABSENT>[] = []
  for (const name of names) {
    const optional = !required.has(name)
    if (deep && optional) continue
    const node = properties[name] as JsonSchema
    const value = arbitraryFor(node, walk, below(at, `.${name}`), share.budgetOf(node, optional))
    const entry = value.map((generated): [string, unknown] => [name, generated])
    parts.push(optional ? present(entry, share.presence) : entry)
  }
  const declared = fc
    .tuple(...parts)
    .map((entries) =>
      Object.fromEntries(entries.filter((entry): entry is [string, unknown] => entry !== ABSENT))
    )
  const embedded = schema['x-kubernetes-embedded-resource'] === true
  const additional = schema['additionalProperties']
  const values = isPlainObject(additional)
    ? arbitraryFor(additional, walk, below(at, '[*]'), share.budgetOf(additional, true))
    : schema[PRESERVE] === true && !deep
      ? anyJson
      : undefined
  const minKeys = number(schema['minProperties']) ?? 0
  const maxKeys = Math.max(minKeys, number(schema['maxProperties']) ?? (names.length === 0 ? 4 : 2))
  const taken = new Set([...names, 'apiVersion', 'kind', 'metadata'])
  const key = (
    isPlainObject(additional) ? fc.string({ minLength: 1, maxLength: 8 }) : walk.options.unknownKey
  ).filter((name) => name !== '__proto__' && !taken.has(name))
  const dictionary = (min: number) =>
    fc.dictionary(key, values ?? anyJson, { minKeys: min, maxKeys })
  const extra =
    values === undefined
      ? fc.constant({})
      : names.length === 0 && minKeys === 0 && isPlainObject(additional)
        ? withEmpty(dictionary(0), {})
        : dictionary(names.length === 0 ? minKeys : 0)
  const resource = embedded ? embeddedFields : fc.constant({})
  return fc
    .tuple(declared, extra, resource)
    .map(([known, unknown, framing]) => ({ ...unknown, ...framing, ...known }))
}

/** `entry` with chance `presence`, else `ABSENT`. */
function present<T>(entry: fc.Arbitrary<T>, presence: number): fc.Arbitrary<T | typeof ABSENT> {
  const weight = Math.round(presence * PRESENCE_SCALE)
  return fc.oneof(
    { withCrossShrink: true },
    { weight: PRESENCE_SCALE - weight, arbitrary: fc.constant(ABSENT) },
    { weight, arbitrary: entry }
  )
}

/** An empty list or map more often than chance would give one: converters drop them. */
function withEmpty<T>(values: fc.Arbitrary<T>, empty: T): fc.Arbitrary<T> {
  return fc.oneof({ weight: 4, arbitrary: values }, { weight: 1, arbitrary: fc.constant(empty) })
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
