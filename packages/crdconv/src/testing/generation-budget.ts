// How much of a wide schema one generated value holds: sizes of whole values, and the chance
// that an optional part is there, so that every depth is reached and no value grows huge.
import { isPlainObject, type SchemaProps } from '@crdconv/webhook/scheme'

/**
 * Leaves one generated value holds on average, at most: a schema with fewer is generated whole
 * (every optional part there 5 times in 6, as fast-check's records do); a wider one, such as a
 * pod template, is sampled, each optional part there less often the wider it is.
 */
export const DEFAULT_LEAF_BUDGET = 300

/** The chance an optional part is there when its parent fits the budget: fast-check's own. */
export const WHOLE_PRESENCE = 5 / 6
// below this, deep parts of wide schemas would hardly ever be seen
const MIN_PRESENCE = 0.2
// unknown JSON where a schema keeps it, a few leaves of it
const UNKNOWN_JSON_LEAVES = 2

const sizes = new WeakMap<object, number>()

/**
 * Leaves of a value of `schema` with every optional part there, lists at their usual length
 * (`usualLength`): what generating it whole would cost. Remembered per schema node.
 */
export function wholeSize(schema: SchemaProps): number {
  const known = sizes.get(schema)
  if (known !== undefined) return known
  let size = 1
  const properties = isPlainObject(schema['properties']) ? schema['properties'] : {}
  const children = Object.values(properties).filter(isPlainObject)
  if (schema['type'] === 'array' && isPlainObject(schema['items'])) {
    size = usualLength(schema) * wholeSize(schema['items'])
  } else if (children.length > 0 || isPlainObject(schema['additionalProperties'])) {
    size = children.reduce((sum, child) => sum + wholeSize(child), 0)
    if (isPlainObject(schema['additionalProperties'])) {
      size += wholeSize(schema['additionalProperties'])
    }
  } else if (schema['x-kubernetes-preserve-unknown-fields'] === true) {
    size = UNKNOWN_JSON_LEAVES
  }
  size = Math.max(size, 1)
  sizes.set(schema, size)
  return size
}

/** Items a generated list has on average: between its `minItems` and three more. */
export function usualLength(schema: SchemaProps): number {
  const min = typeof schema['minItems'] === 'number' ? schema['minItems'] : 0
  const max = typeof schema['maxItems'] === 'number' ? schema['maxItems'] : Infinity
  return Math.max(min, Math.min(max, min + 1.5), 1)
}

/** How the parts of one object or list share its budget. */
export interface Share {
  /** The chance each optional part is there. */
  readonly presence: number
  /** The budget of a part of this whole size: `Infinity` once it fits. */
  readonly budgetOf: (part: SchemaProps, optional: boolean) => number
}

/**
 * How a node with `budget` leaves to spend shares it among its parts: whole when it fits,
 * else each part gets its share of the budget by its size, optional parts there less often
 * (the square root of the share, so depth and breadth are cut alike) and, when there, larger.
 */
export function shareBudget(schema: SchemaProps, budget: number): Share {
  const whole = wholeSize(schema)
  if (whole <= budget) return { presence: WHOLE_PRESENCE, budgetOf: () => Infinity }
  const ratio = budget / whole
  const presence = Math.min(WHOLE_PRESENCE, Math.max(MIN_PRESENCE, Math.sqrt(ratio)))
  return {
    presence,
    budgetOf: (part, optional) => (ratio * wholeSize(part)) / (optional ? presence : 1),
  }
}
