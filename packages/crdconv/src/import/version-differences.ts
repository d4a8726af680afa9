import type { SchemaProps } from '@crdconv/webhook/crd'
import { isPlainObject } from '@crdconv/webhook/scheme'

const MAX_LISTED = 12
const API_SERVER_FIELDS = new Set(['apiVersion', 'kind', 'metadata'])

/**
 * The fields (`.spec.size`) that one version's schema declares and the other does not, or
 * declares with another type or shape; at most `limit` (a dozen), then `…`. `[]` when the two hold the
 * same fields.
 *
 * @example
 * ```ts
 * versionDifferences(v1beta1Schema, v1Schema) // ['.spec.hostPort', '.spec.host', '.spec.port']
 * ```
 */
export function versionDifferences(
  left: SchemaProps,
  right: SchemaProps,
  limit = MAX_LISTED
): string[] {
  const found: string[] = []
  walk(left, right, '', found, limit)
  return found.length > limit ? [...found.slice(0, limit), '…'] : found
}

function walk(left: unknown, right: unknown, path: string, found: string[], limit: number): void {
  if (found.length > limit) return
  const a = isPlainObject(left) ? left : {}
  const b = isPlainObject(right) ? right : {}
  if (
    a['type'] !== b['type'] ||
    a['x-kubernetes-int-or-string'] !== b['x-kubernetes-int-or-string']
  ) {
    found.push(path || '(root)')
    return
  }
  const propertiesA = isPlainObject(a['properties']) ? a['properties'] : {}
  const propertiesB = isPlainObject(b['properties']) ? b['properties'] : {}
  for (const field of new Set([...Object.keys(propertiesA), ...Object.keys(propertiesB)])) {
    // the API server sets and checks these itself, whatever a version's schema says of them
    if (path === '' && API_SERVER_FIELDS.has(field)) continue
    if (!(field in propertiesA) || !(field in propertiesB)) found.push(`${path}.${field}`)
    else walk(propertiesA[field], propertiesB[field], `${path}.${field}`, found, limit)
  }
  if (isPlainObject(a['items']) || isPlainObject(b['items'])) {
    walk(a['items'], b['items'], `${path}[]`, found, limit)
  }
  if (isPlainObject(a['additionalProperties']) || isPlainObject(b['additionalProperties'])) {
    walk(a['additionalProperties'], b['additionalProperties'], `${path}[*]`, found, limit)
  }
}
