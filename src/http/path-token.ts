// The API server sends no credentials to a conversion webhook and its URL may carry no query or
// user info, so a secret path segment is the only thing that can tell its calls from a stranger's.

const encoder = new TextEncoder()

/** Tokens as UTF-8 bytes, ready for `matchesAnyToken`. */
export function encodeTokens(tokens: readonly string[]): readonly Uint8Array[] {
  return tokens.map((token) => encoder.encode(token))
}

/**
 * Whether `candidate` equals one of `tokens`, in time that depends only on the lengths involved:
 * every token is compared over every byte, with no early exit. Pure JS, because node:crypto's
 * `timingSafeEqual` does not exist in workerd.
 *
 * @example
 * ```ts
 * matchesAnyToken(c.req.param('token'), encodeTokens([current, next]))
 * ```
 */
export function matchesAnyToken(candidate: string, tokens: readonly Uint8Array[]): boolean {
  const given = encoder.encode(candidate)
  let matched = 0
  for (const token of tokens) matched |= equalBytes(given, token)
  return matched === 1
}

/** 1 when equal, 0 otherwise; the loop length is the expected token's, whatever was given. */
function equalBytes(given: Uint8Array, expected: Uint8Array): number {
  let difference = given.length ^ expected.length
  for (let index = 0; index < expected.length; index++) {
    difference |= (given[index % Math.max(given.length, 1)] ?? 0) ^ (expected[index] as number)
  }
  return difference === 0 ? 1 : 0
}
