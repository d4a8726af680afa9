// Whether a field removed and one added beside it can be one field renamed, by their names alone:
// import proposes a rename only where the names agree as well as the shapes.

/**
 * Whether two field names can be one field renamed: one holds the other (`timeout`,
 * `drainTimeout`), or they are spelt nearly alike (`colour`, `color`). Names that only share a
 * word (`failureDomain`, `failureReason`; `apiVersion`, `apiGroup`) say different things.
 */
export function namesAgree(first: string, second: string): boolean {
  const [a, b] = [first.toLowerCase(), second.toLowerCase()]
  if (a.includes(b) || b.includes(a)) return true
  return editDistance(a, b) <= Math.max(1, Math.floor(Math.min(a.length, b.length) / 4))
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1)
      current.push(
        Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, substitution)
      )
    }
    previous = current
  }
  return previous[b.length] as number
}
