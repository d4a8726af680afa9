import { isPlainObject } from '@crdconv/webhook/scheme'
import type { JsonSchema } from './json-schema-arbitrary.ts'

/** A place in an object, key by key and index by index: `['spec', 'ports', 0, 'port']`. */
export type ValuePath = readonly (string | number)[]

/** One leaf value of an object, where it is and which field of the schema it fills. */
export interface LeafValue {
  readonly at: ValuePath
  /** The field, as crdconv's messages name it: `.spec.ports[].port`, `.spec.labels[*]`. */
  readonly field: string
  readonly schema: JsonSchema
  readonly value: unknown
}

// the API server's own, whatever a version's schema says of them
const FRAMEWORK_FIELDS = new Set(['apiVersion', 'kind', 'metadata'])

/**
 * Whether a schema node is a leaf: a scalar, int-or-string, or a value with no declared inside
 * (an object without properties, preserved unknown JSON, any value).
 */
export function isLeafSchema(node: JsonSchema): boolean {
  return (
    !isPlainObject(node['properties']) &&
    !isPlainObject(node['items']) &&
    !isPlainObject(node['additionalProperties'])
  )
}

/** Every leaf field a schema declares below its root (not `apiVersion`, `kind`, `metadata`). */
export function schemaLeaves(schema: JsonSchema): { field: string; schema: JsonSchema }[] {
  const found: { field: string; schema: JsonSchema }[] = []
  const visit = (node: JsonSchema, field: string): void => {
    if (field !== '' && isLeafSchema(node)) {
      found.push({ field, schema: node })
      return
    }
    const properties = isPlainObject(node['properties']) ? node['properties'] : {}
    for (const [name, child] of Object.entries(properties)) {
      if (field === '' && FRAMEWORK_FIELDS.has(name)) continue
      if (isPlainObject(child)) visit(child, `${field}.${name}`)
    }
    if (isPlainObject(node['items'])) visit(node['items'], `${field}[]`)
    const values = node['additionalProperties']
    if (isPlainObject(values)) visit(values, `${field}[*]`)
  }
  visit(schema, '')
  return found
}

/**
 * The leaf values of `object` that `schema` declares, outermost first; fields it does not
 * declare are not walked (the API server prunes them).
 *
 * @example
 * ```ts
 * leafValues({ spec: { ports: [{ port: 80 }] } }, schema)
 * // [{ at: ['spec', 'ports', 0, 'port'], field: '.spec.ports[].port', value: 80, schema: … }]
 * ```
 */
export function leafValues(object: unknown, schema: JsonSchema): LeafValue[] {
  const found: LeafValue[] = []
  const visit = (value: unknown, node: JsonSchema, at: (string | number)[], field: string) => {
    if (value === undefined) return
    if (field !== '' && (isLeafSchema(node) || value === null)) {
      found.push({ at: [...at], field, schema: node, value })
      return
    }
    if (Array.isArray(value)) {
      const items = node['items']
      if (!isPlainObject(items)) return
      value.forEach((item, index) => visit(item, items, [...at, index], `${field}[]`))
      return
    }
    if (!isPlainObject(value)) return
    const properties = isPlainObject(node['properties']) ? node['properties'] : {}
    const values = node['additionalProperties']
    for (const [key, child] of Object.entries(value)) {
      if (field === '' && FRAMEWORK_FIELDS.has(key)) continue
      const declared = properties[key]
      if (isPlainObject(declared)) visit(child, declared, [...at, key], `${field}.${key}`)
      else if (isPlainObject(values)) visit(child, values, [...at, key], `${field}[*]`)
    }
  }
  visit(object, schema, [], '')
  return found
}

/** The field (`.spec.ports[].port`) a place in an object fills, by the schema. */
export function fieldAt(schema: JsonSchema, at: ValuePath): string {
  let node: unknown = schema
  let field = ''
  for (const step of at) {
    const current = isPlainObject(node) ? node : {}
    if (typeof step === 'number') {
      field += '[]'
      node = current['items']
      continue
    }
    const properties = isPlainObject(current['properties']) ? current['properties'] : {}
    if (isPlainObject(properties[step])) {
      field += `.${step}`
      node = properties[step]
    } else {
      field += isPlainObject(current['additionalProperties']) ? '[*]' : `.${step}`
      node = current['additionalProperties']
    }
  }
  return field
}

/** A copy of `object` with `value` at `at`; the original is left as it is. */
export function withValueAt(object: unknown, at: ValuePath, value: unknown): unknown {
  if (at.length === 0) return value
  const [step, ...rest] = at
  if (Array.isArray(object) && typeof step === 'number') {
    const copy = [...object]
    copy[step] = withValueAt(object[step], rest, value)
    return copy
  }
  const record = isPlainObject(object) ? object : {}
  return { ...record, [String(step)]: withValueAt(record[String(step)], rest, value) }
}
