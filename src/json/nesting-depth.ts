/**
 * Whether arrays and objects in `value` nest more than `maxDepth` levels (a flat object is one
 * level). Iterative with an explicit stack, so it measures 100,000 levels without overflowing.
 *
 * @example
 * ```ts
 * nestingDepthExceeds({ a: [1] }, 1) // → true
 * ```
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
