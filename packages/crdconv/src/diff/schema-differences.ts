import type { SchemaProps } from '@crdconv/webhook'
import { sameJson } from '@crdconv/webhook/json'
import { canonicalJson, isPlainObject } from '@crdconv/webhook/scheme'

/** What can change at one field between two versions' schemas, in the order a field reports them. */
export const DIFFERENCE_KINDS = [
  'added',
  'removed',
  'type',
  'format',
  'enum',
  'enum-values-added',
  'enum-values-removed',
  'default',
  'required',
  'nullable',
  'int-or-string',
  'list-type',
  'list-map-keys',
  'map-type',
  'preserve-unknown-fields',
  'embedded-resource',
  'rules-added',
  'rules-removed',
  'validation',
] as const

/** What changed at one field between two versions' schemas. */
export type DifferenceKind = (typeof DIFFERENCE_KINDS)[number]

/** One difference between two versions' structural schemas; `undefined` means absent. */
export interface SchemaDifference {
  /** The field, as crdconv's messages name it: `.spec.ports[].name`, `.spec.labels[*]`. */
  readonly path: string
  readonly kind: DifferenceKind
  /** The schema keyword that differs (`pattern`, `x-kubernetes-list-type`), or `properties`. */
  readonly keyword: string
  readonly from: unknown
  readonly to: unknown
}

// what each keyword's difference is called; any other keyword is a `validation` difference
const KEYWORD_KINDS: Readonly<Record<string, DifferenceKind>> = {
  type: 'type',
  format: 'format',
  default: 'default',
  nullable: 'nullable',
  'x-kubernetes-int-or-string': 'int-or-string',
  'x-kubernetes-list-type': 'list-type',
  'x-kubernetes-list-map-keys': 'list-map-keys',
  'x-kubernetes-map-type': 'map-type',
  'x-kubernetes-preserve-unknown-fields': 'preserve-unknown-fields',
  'x-kubernetes-embedded-resource': 'embedded-resource',
}
// read elsewhere in the walk, or documentation that no object is checked against
const NOT_COMPARED = new Set([
  'properties',
  'items',
  'additionalProperties',
  'required',
  'enum',
  'x-kubernetes-validations',
  'description',
  'title',
  'example',
  'externalDocs',
])

/**
 * Every difference between two versions' `openAPIV3Schema`s, outermost first: fields added and
 * removed (once, at the top of the subtree), and per field every keyword that changed: type,
 * format, enum values, default, required, nullable, list and map types, int-or-string,
 * preserve-unknown-fields, CEL rules and other validation keywords. Descriptions are not compared.
 *
 * @example
 * ```ts
 * schemaDifferences(v1beta1Schema, v1Schema)
 * // [{ path: '.spec.hostPort', kind: 'removed', keyword: 'properties', from: 'string', to: undefined }, …]
 * ```
 */
export function schemaDifferences(from: SchemaProps, to: SchemaProps): SchemaDifference[] {
  const found: SchemaDifference[] = []
  compareNodes(from, to, '', found)
  return found
}

/**
 * Every field path a schema declares (`.spec`, `.spec.ports[]`, `.spec.labels[*]`), outermost
 * first: what `added` and `removed` differences are counted against.
 *
 * @example
 * ```ts
 * schemaFieldPaths({ type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } } } })
 * // ['.tags', '.tags[]']
 * ```
 */
export function schemaFieldPaths(schema: SchemaProps): string[] {
  const paths: string[] = []
  const visit = (node: SchemaProps, path: string): void => {
    for (const [child, childPath] of children(node, path)) {
      paths.push(childPath)
      visit(child, childPath)
    }
  }
  visit(schema, '')
  return paths
}

/**
 * `string`, `int-or-string`, `array of object`, `map of string`: a field at a glance.
 *
 * @example
 * ```ts
 * describeSchemaType({ type: 'integer', format: 'int32' }) // 'integer (int32)'
 * ```
 */
export function describeSchemaType(node: SchemaProps): string {
  if (node['x-kubernetes-int-or-string'] === true) return 'int-or-string'
  const type = typeof node['type'] === 'string' ? node['type'] : 'any'
  const items = node['items']
  if (type === 'array' && isPlainObject(items)) return `array of ${describeSchemaType(items)}`
  const values = node['additionalProperties']
  if (type === 'object' && isPlainObject(values)) return `map of ${describeSchemaType(values)}`
  return typeof node['format'] === 'string' ? `${type} (${node['format']})` : type
}

function compareNodes(from: SchemaProps, to: SchemaProps, path: string, out: SchemaDifference[]) {
  const at = path === '' ? '(root)' : path
  for (const keyword of new Set([...Object.keys(from), ...Object.keys(to)])) {
    if (NOT_COMPARED.has(keyword)) continue
    if (sameJson(from[keyword], to[keyword])) continue
    const kind = KEYWORD_KINDS[keyword] ?? 'validation'
    out.push({ path: at, kind, keyword, from: from[keyword], to: to[keyword] })
  }
  compareBooleanKeyword(from, to, 'additionalProperties', at, out)
  compareEnums(from, to, at, out)
  compareRules(from, to, at, out)
  const fromChildren = new Map(children(from, path).map(([node, childPath]) => [childPath, node]))
  const toChildren = new Map(children(to, path).map(([node, childPath]) => [childPath, node]))
  const requiredFrom = requiredOf(from)
  const requiredTo = requiredOf(to)
  for (const childPath of new Set([...fromChildren.keys(), ...toChildren.keys()])) {
    const left = fromChildren.get(childPath)
    const right = toChildren.get(childPath)
    const name = childPath.slice(path.length + 1)
    if (left === undefined && right !== undefined) {
      out.push({
        path: childPath,
        kind: 'added',
        keyword: keywordOf(childPath, path),
        from: undefined,
        to: summary(right, requiredTo.has(name)),
      })
    } else if (right === undefined && left !== undefined) {
      out.push({
        path: childPath,
        kind: 'removed',
        keyword: keywordOf(childPath, path),
        from: summary(left, requiredFrom.has(name)),
        to: undefined,
      })
    } else if (left !== undefined && right !== undefined) {
      if (requiredFrom.has(name) !== requiredTo.has(name)) {
        out.push({
          path: childPath,
          kind: 'required',
          keyword: 'required',
          from: requiredFrom.has(name),
          to: requiredTo.has(name),
        })
      }
      compareNodes(left, right, childPath, out)
    }
  }
}

// a field's schema children: properties by name, `[]` for items, `[*]` for additionalProperties
function children(node: SchemaProps, path: string): [SchemaProps, string][] {
  const found: [SchemaProps, string][] = []
  const properties = node['properties']
  if (isPlainObject(properties)) {
    for (const [name, child] of Object.entries(properties)) {
      if (isPlainObject(child)) found.push([child, `${path}.${name}`])
    }
  }
  if (isPlainObject(node['items'])) found.push([node['items'], `${path}[]`])
  const values = node['additionalProperties']
  if (isPlainObject(values)) found.push([values, `${path}[*]`])
  return found
}

function keywordOf(childPath: string, parent: string): string {
  const rest = childPath.slice(parent.length)
  return rest === '[]' ? 'items' : rest === '[*]' ? 'additionalProperties' : 'properties'
}

// `string, required`, `integer, default 1`: what an added or removed field was
function summary(node: SchemaProps, required: boolean): string {
  const fallback =
    node['default'] === undefined ? '' : `, default ${JSON.stringify(node['default'])}`
  return `${describeSchemaType(node)}${required ? ', required' : ''}${fallback}`
}

function requiredOf(node: SchemaProps): Set<string> {
  const required = node['required']
  return new Set(Array.isArray(required) ? required.filter((name) => typeof name === 'string') : [])
}

// `additionalProperties: false|true` is a keyword; as a schema it is a child
function compareBooleanKeyword(
  from: SchemaProps,
  to: SchemaProps,
  keyword: string,
  at: string,
  out: SchemaDifference[]
): void {
  const left = isPlainObject(from[keyword]) ? undefined : from[keyword]
  const right = isPlainObject(to[keyword]) ? undefined : to[keyword]
  if (!sameJson(left, right))
    out.push({ path: at, kind: 'validation', keyword, from: left, to: right })
}

function compareEnums(from: SchemaProps, to: SchemaProps, at: string, out: SchemaDifference[]) {
  const left = from['enum']
  const right = to['enum']
  if (!Array.isArray(left) || !Array.isArray(right)) {
    if (!sameJson(left, right))
      out.push({ path: at, kind: 'enum', keyword: 'enum', from: left, to: right })
    return
  }
  const [added, removed] = setDifference(left, right)
  if (added.length > 0)
    out.push({ path: at, kind: 'enum-values-added', keyword: 'enum', from: undefined, to: added })
  if (removed.length > 0)
    out.push({
      path: at,
      kind: 'enum-values-removed',
      keyword: 'enum',
      from: removed,
      to: undefined,
    })
}

// CEL rules by their whole stanza (rule, message, reason, fieldPath)
function compareRules(from: SchemaProps, to: SchemaProps, at: string, out: SchemaDifference[]) {
  const keyword = 'x-kubernetes-validations'
  const left = Array.isArray(from[keyword]) ? (from[keyword] as unknown[]) : []
  const right = Array.isArray(to[keyword]) ? (to[keyword] as unknown[]) : []
  const [added, removed] = setDifference(left, right)
  if (added.length > 0)
    out.push({ path: at, kind: 'rules-added', keyword, from: undefined, to: added })
  if (removed.length > 0)
    out.push({ path: at, kind: 'rules-removed', keyword, from: removed, to: undefined })
}

/** [in `right` only, in `left` only], compared as JSON. */
function setDifference(
  left: readonly unknown[],
  right: readonly unknown[]
): [unknown[], unknown[]] {
  const leftKeys = new Set(left.map((value) => canonicalJson(value)))
  const rightKeys = new Set(right.map((value) => canonicalJson(value)))
  return [
    right.filter((value) => !leftKeys.has(canonicalJson(value))),
    left.filter((value) => !rightKeys.has(canonicalJson(value))),
  ]
}
