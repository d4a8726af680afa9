import { expect } from 'vitest'
import { SchemeError, type SchemeProblemCode } from '../../packages/webhook/src/scheme/index.ts'

/** The codes of the `SchemeError` that `define` throws, in order; fails the test if it throws none. */
export function schemeIssueCodes(define: () => unknown): SchemeProblemCode[] {
  try {
    define()
  } catch (error) {
    expect(error).toBeInstanceOf(SchemeError)
    return (error as SchemeError).issues.map((issue) => issue.code)
  }
  throw new Error('expected a SchemeError, but the definition was accepted')
}
