/**
 * Where the output a block shows differs from what it printed, or `undefined` when they agree.
 * JSON is compared as data (key order and spacing aside) with everything printed or, failing
 * that, its last line (what `curl` printed after a build's log); text line by line, trailing
 * space aside, where a line `...` stands for any number of lines.
 */
export function outputDifference(expected: string, actual: string): string | undefined {
  const expectedJson = parseJson(expected)
  if (expectedJson !== undefined) {
    const lastLine = actual.trimEnd().split('\n').at(-1) ?? ''
    const actualJson = parseJson(actual) ?? parseJson(lastLine)
    if (JSON.stringify(sortKeys(actualJson)) === JSON.stringify(sortKeys(expectedJson))) {
      return undefined
    }
    return `expected JSON\n${JSON.stringify(expectedJson, null, 2)}\ngot\n${actual}`
  }
  const lines = (text: string) =>
    text
      .trimEnd()
      .split('\n')
      .map((line) => line.trimEnd())
  return matchLines(lines(expected), lines(actual))
    ? undefined
    : `expected\n${expected}\ngot\n${actual}`
}

function matchLines(expected: readonly string[], actual: readonly string[]): boolean {
  if (expected.length === 0) return actual.length === 0
  const [first, ...rest] = expected
  if (first?.trim() === '...') {
    for (let skip = 0; skip <= actual.length; skip++) {
      if (matchLines(rest, actual.slice(skip))) return true
    }
    return false
  }
  return actual[0] === first && matchLines(rest, actual.slice(1))
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys)
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])])
  )
}
