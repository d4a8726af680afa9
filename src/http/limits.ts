import { describeObject, isPlainObject } from '../scheme/index.ts'
import { SETTING_VARIABLES, type WebhookSettings } from './settings.ts'

export type ReviewLimits = Pick<WebhookSettings, 'maxObjects' | 'maxDepth'>

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
    return `the review holds ${objects.length} objects, more than this webhook's limit of ${limits.maxObjects} objects per review (set ${SETTING_VARIABLES.maxObjects} to raise it)`
  }
  for (let index = 0; index < objects.length; index++) {
    const object = objects[index]
    if (nestingDepthExceeds(object, limits.maxDepth)) {
      const kind = isPlainObject(object) && typeof object['kind'] === 'string' ? object['kind'] : ''
      const name = `${kind === '' ? 'object' : kind} ${describeObject(object)}`
      const position = objects.length > 1 ? `[${index}] ` : ''
      return `${position}${name} → ${desiredAPIVersion}: nested more than ${limits.maxDepth} levels deep, this webhook's limit (set ${SETTING_VARIABLES.maxDepth} to raise it)`
    }
  }
  return undefined
}

/**
 * Whether arrays and objects in `value` nest more than `maxDepth` levels (a flat object is one
 * level). Iterative with an explicit stack, so it measures 100,000 levels without overflowing.
 */
export function nestingDepthExceeds(value: unknown, maxDepth: number): boolean {
  if (typeof value !== 'object' || value === null) return false
  const values: object[] = [value]
  const depths: number[] = [1]
  while (values.length > 0) {
    const current = values.pop() as object
    const depth = depths.pop() as number
    if (depth > maxDepth) return true
    const children = Array.isArray(current) ? current : Object.values(current)
    for (const child of children) {
      if (typeof child === 'object' && child !== null) {
        values.push(child)
        depths.push(depth + 1)
      }
    }
  }
  return false
}
