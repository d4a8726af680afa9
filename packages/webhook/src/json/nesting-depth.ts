// Limits up to this many levels are measured recursively (fast, and no runtime's stack minds a
// thousand small frames); larger ones with an explicit stack, which never overflows.
const RECURSION_LIMIT = 1_000

/**
 * Whether arrays and objects in `value` nest more than `maxDepth` levels (a flat object is one
 * level). Stops at the first branch past the limit, so it never walks deeper than `maxDepth`
 * however deep the value is: 100,000 levels are measured without overflowing the stack.
 *
 * @example
 * ```ts
 * nestingDepthExceeds({ a: [1] }, 1) // → true
 * ```
 */
export function nestingDepthExceeds(value: unknown, maxDepth: number): boolean {
  if (typeof value !== 'object' || value === null) return false
  return maxDepth <= RECURSION_LIMIT ? deeperThan(value, maxDepth) : walkDeeperThan(value, maxDepth)
}

/**
 * `nestingDepthExceeds` for a value built from `measured`, a value known to be within
 * `maxDepth`: a branch that is the very same object at the same place in `measured` is not walked
 * again, so checking what a converter returned costs only what it built anew.
 *
 * @example
 * ```ts
 * const spec = { deep: [[1]] }
 * nestingDepthExceedsBeside({ spec, extra: [[[1]]] }, { spec }, 3) // → true: only `extra` is walked
 * ```
 */
export function nestingDepthExceedsBeside(
  value: unknown,
  measured: unknown,
  maxDepth: number
): boolean {
  if (typeof value !== 'object' || value === null || value === measured) return false
  if (maxDepth > RECURSION_LIMIT) return walkDeeperThan(value, maxDepth)
  return deeperThanBeside(value, measured, maxDepth)
}

function deeperThanBeside(container: object, measured: unknown, remaining: number): boolean {
  if (remaining === 0) return true
  const before = (typeof measured === 'object' && measured !== null ? measured : {}) as Record<
    string,
    unknown
  >
  const record = container as Record<string, unknown>
  // for-in walks array indexes too; the same object at the same key was measured already
  for (const key in record) {
    const child = record[key]
    if (typeof child !== 'object' || child === null || child === before[key]) continue
    if (deeperThanBeside(child, before[key], remaining - 1)) return true
  }
  return false
}

function deeperThan(container: object, remaining: number): boolean {
  if (remaining === 0) return true
  if (Array.isArray(container)) {
    for (let index = 0; index < container.length; index++) {
      const child: unknown = container[index]
      if (typeof child === 'object' && child !== null && deeperThan(child, remaining - 1)) {
        return true
      }
    }
    return false
  }
  const record = container as Record<string, unknown>
  // for-in is the fastest walk; an inherited enumerable key can only make the count stricter
  for (const key in record) {
    const child = record[key]
    if (typeof child === 'object' && child !== null && deeperThan(child, remaining - 1)) {
      return true
    }
  }
  return false
}

function walkDeeperThan(value: object, maxDepth: number): boolean {
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
