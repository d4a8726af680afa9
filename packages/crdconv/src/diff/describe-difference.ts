import type { SchemaDifference } from './schema-differences.ts'

const WIDEST_VALUE = 48

/** `enum values removed`, `pattern`, `list-type`: what changed, in a word or three. */
export function changeLabel(difference: SchemaDifference): string {
  switch (difference.kind) {
    case 'validation':
      return difference.keyword
    case 'enum-values-added':
      return 'enum values added'
    case 'enum-values-removed':
      return 'enum values removed'
    case 'rules-added':
      return 'CEL rules added'
    case 'rules-removed':
      return 'CEL rules removed'
    default:
      return difference.kind
  }
}

/**
 * One side of a difference, short: `-` when absent, `required` or `optional` for a field's
 * `required`, a CEL rule by its text, long values cut with `…`.
 */
export function showSide(difference: SchemaDifference, side: 'from' | 'to'): string {
  const value = difference[side]
  if (value === undefined) return '-'
  if (difference.kind === 'required') return value === true ? 'required' : 'optional'
  const text = Array.isArray(value)
    ? value.map((item) => showItem(item)).join(', ')
    : typeof value === 'string'
      ? value
      : JSON.stringify(value)
  return text.length > WIDEST_VALUE ? `${text.slice(0, WIDEST_VALUE - 1)}…` : text
}

/**
 * One line per difference: `.spec.size: type integer → string`, `.spec.colour: added (string)`.
 *
 * @example
 * ```ts
 * schemaDifferences(v1beta1, v1).map(describeSchemaDifference)
 * ```
 */
export function describeSchemaDifference(difference: SchemaDifference): string {
  const { path, kind } = difference
  const [from, to] = [showSide(difference, 'from'), showSide(difference, 'to')]
  if (kind === 'added' || kind === 'enum-values-added' || kind === 'rules-added') {
    return `${path}: ${changeLabel(difference)} (${to})`
  }
  if (kind === 'removed' || kind === 'enum-values-removed' || kind === 'rules-removed') {
    return `${path}: ${changeLabel(difference)} (${from})`
  }
  return `${path}: ${changeLabel(difference)} ${from} → ${to}`
}

function showItem(item: unknown): string {
  if (typeof item === 'object' && item !== null && 'rule' in item) return String(item.rule)
  return JSON.stringify(item)
}
