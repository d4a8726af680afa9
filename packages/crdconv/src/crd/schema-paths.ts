import type { SchemaProps } from './openapi-schema.ts'

export type PathLookup =
  | { readonly found: true; readonly schema: SchemaProps | undefined }
  | { readonly found: false; readonly reason: string }

const SEGMENT = /^\.([^.[\]]+)|^\[([^\]]*)\]/

/**
 * The schema of the field a simple JSONPath (`.spec.replicas`, `.status.conditions[0].type`,
 * `.spec.items[*].name`) points at in an `openAPIV3Schema`. `schema` is `undefined` when the path
 * goes below `metadata` or into a part that keeps unknown fields: it may exist, its type is unknown.
 *
 * @example
 * ```ts
 * schemaAtPath(openAPIV3Schema, '.spec.replicas') // { found: true, schema: { type: 'integer' } }
 * ```
 */
export function schemaAtPath(root: SchemaProps, jsonPath: string): PathLookup {
  let node: SchemaProps = root
  let rest = jsonPath.trim()
  if (rest.startsWith('{') && rest.endsWith('}')) rest = rest.slice(1, -1)
  let walked = ''
  if (rest === '' || rest === '.') return { found: false, reason: 'the path is empty' }
  while (rest !== '') {
    const match = SEGMENT.exec(rest)
    if (match === null) return { found: false, reason: `cannot read the path at "${rest}"` }
    rest = rest.slice(match[0].length)
    const field = match[1] ?? unquote(match[2] ?? '')
    const index = match[1] === undefined && !isQuoted(match[2] ?? '')
    if (walked === '' && field === 'metadata') return { found: true, schema: undefined }
    walked += match[0]
    if (node['x-kubernetes-preserve-unknown-fields'] === true && !hasShape(node)) {
      return { found: true, schema: undefined }
    }
    if (index) {
      if (node['type'] !== 'array' || typeof node['items'] !== 'object') {
        return { found: false, reason: `${walked} indexes a field that is not an array` }
      }
      node = node['items'] as SchemaProps
      continue
    }
    const properties = node['properties'] as Record<string, SchemaProps> | undefined
    const child = properties?.[field]
    if (child !== undefined) node = child
    else if (typeof node['additionalProperties'] === 'object') {
      node = node['additionalProperties'] as SchemaProps
    } else if (node['x-kubernetes-preserve-unknown-fields'] === true) {
      return { found: true, schema: undefined }
    } else {
      return { found: false, reason: `${walked} is not declared in the schema` }
    }
  }
  return { found: true, schema: node }
}

function hasShape(node: SchemaProps): boolean {
  return node['properties'] !== undefined || node['additionalProperties'] !== undefined
}

function isQuoted(segment: string): boolean {
  return /^(['"]).*\1$/.test(segment)
}

function unquote(segment: string): string {
  return isQuoted(segment) ? segment.slice(1, -1) : segment
}
