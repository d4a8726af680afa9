import { nestingDepthExceeds } from '../json/index.ts'
import { describeObject, isPlainObject } from '../scheme/index.ts'

export { nestingDepthExceeds }

/** How much one review may hold; beyond it the review fails with a message, never a crash. */
export interface ReviewLimits {
  /** Most objects in one review. */
  readonly maxObjects: number
  /** Deepest nesting of arrays and objects inside one object (a flat object is one level). */
  readonly maxDepth: number
}

export const DEFAULT_MAX_OBJECTS = 50_000
// JSON.stringify recurses: V8 gives up near 4,000 levels, so answers must stay well below that
export const DEFAULT_MAX_DEPTH = 500

export const DEFAULT_REVIEW_LIMITS: ReviewLimits = {
  maxObjects: DEFAULT_MAX_OBJECTS,
  maxDepth: DEFAULT_MAX_DEPTH,
}

/** The environment variables that raise each limit, named in the failure message. */
export const LIMIT_VARIABLES = {
  maxObjects: 'CONVERT_MAX_OBJECTS',
  maxDepth: 'CONVERT_MAX_DEPTH',
} as const

/**
 * Why a review's objects are beyond this deployment's limits, as a `result.message` naming the
 * limit and the variable that raises it; `undefined` when they are within them. Runs before any
 * converter, so no recursive code ever sees an object deeper than `maxDepth`.
 */
export function reviewLimitProblem(
  objects: readonly unknown[],
  desiredAPIVersion: string,
  limits: ReviewLimits
): string | undefined {
  if (objects.length > limits.maxObjects) {
    return `the review holds ${objects.length} objects, more than this webhook's limit of ${limits.maxObjects} objects per review (set ${LIMIT_VARIABLES.maxObjects} to raise it)`
  }
  for (let index = 0; index < objects.length; index++) {
    const object = objects[index]
    if (nestingDepthExceeds(object, limits.maxDepth)) {
      const kind = isPlainObject(object) && typeof object['kind'] === 'string' ? object['kind'] : ''
      const name = `${kind === '' ? 'object' : kind} ${describeObject(object)}`
      const position = objects.length > 1 ? `[${index}] ` : ''
      return `${position}${name} → ${desiredAPIVersion}: nested more than ${limits.maxDepth} levels deep, this webhook's limit (set ${LIMIT_VARIABLES.maxDepth} to raise it)`
    }
  }
  return undefined
}
