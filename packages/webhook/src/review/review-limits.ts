import { nestingDepthExceeds } from '../json/index.ts'
import { nameObject } from '../scheme/index.ts'

export { nestingDepthExceeds }

/** How much one review may hold; beyond it the review fails with a message, never a crash. */
export interface ReviewLimits {
  /** Most objects in one review. */
  readonly maxObjects: number
  /** Deepest nesting of arrays and objects inside one object (a flat object is one level). */
  readonly maxDepth: number
  /** What a failure past each limit tells the reader to do; the platform names its setting. */
  readonly advice?: LimitAdvice
}

/** What to do past each limit, in a failure message: `set CONVERT_MAX_DEPTH to raise it`. */
export interface LimitAdvice {
  readonly maxObjects: string
  readonly maxDepth: string
}

const GENERIC_ADVICE: LimitAdvice = {
  maxObjects: "raise the webhook's object limit",
  maxDepth: "raise the webhook's depth limit",
}

export const DEFAULT_MAX_OBJECTS = 50_000
// JSON.stringify recurses: V8 gives up near 4,000 levels, so answers must stay well below that
export const DEFAULT_MAX_DEPTH = 500

export const DEFAULT_REVIEW_LIMITS: ReviewLimits = {
  maxObjects: DEFAULT_MAX_OBJECTS,
  maxDepth: DEFAULT_MAX_DEPTH,
}

/** The advice of `limits`, or a generic one where the platform gave none. */
export function limitAdvice(limits: ReviewLimits): LimitAdvice {
  return limits.advice ?? GENERIC_ADVICE
}

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
  const advice = limitAdvice(limits)
  if (objects.length > limits.maxObjects) {
    return `the review holds ${objects.length} objects, more than this webhook's limit of ${limits.maxObjects} per review (${advice.maxObjects})`
  }
  for (let index = 0; index < objects.length; index++) {
    const object = objects[index]
    if (nestingDepthExceeds(object, limits.maxDepth)) {
      const position = objects.length > 1 ? `[${index}] ` : ''
      return `${position}${nameObject(object)} → ${desiredAPIVersion}: nested more than ${limits.maxDepth} levels deep, this webhook's limit (${advice.maxDepth})`
    }
  }
  return undefined
}
