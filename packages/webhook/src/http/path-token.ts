// The API server sends no credentials to a conversion webhook and its URL may carry no query or
// user info, so a secret path segment is the only thing that can tell its calls from a stranger's.

import { SettingsError } from './settings-error.ts'

const encoder = new TextEncoder()

/** Tokens travel in a URL path: unreserved characters only, and long enough not to be guessed. */
export const MIN_TOKEN_LENGTH = 32

/** Where reviews are posted: `/convert`, or `/convert/<token>` when path tokens are set. */
export const CONVERT_PATH = '/convert'

// token lists this module has checked: a list read from the environment is not checked again
const checkedLists = new WeakSet<readonly string[]>()

/**
 * The tokens, checked once: each must serve as a URL path segment that resists guessing. Throws
 * a `SettingsError` naming the token's source (`nameOf`), never quoting the token.
 */
export function checkPathTokens(
  tokens: readonly string[],
  nameOf: (index: number) => string = (index) => `path token ${index + 1}`
): readonly string[] {
  if (checkedLists.has(tokens)) return tokens
  tokens.forEach((token, index) => checkToken(token, nameOf(index)))
  const checked = Object.freeze([...tokens])
  checkedLists.add(checked)
  return checked
}

/** Words of a placeholder left in place of a token (`.dev.vars.example`'s, a README's). */
const PLACEHOLDER = /replace|placeholder|change-?me|example|openssl|your-?token/i

function checkToken(token: string, source: string): void {
  if (!/^[A-Za-z0-9._~-]+$/.test(token)) {
    throw new SettingsError(
      `${source}: a path token may hold only letters, digits and . _ ~ - (generate one with: openssl rand -hex 32)`
    )
  }
  if (token.length < MIN_TOKEN_LENGTH) {
    throw new SettingsError(
      `${source}: a path token needs at least ${MIN_TOKEN_LENGTH} characters, this one has ${token.length} (generate one with: openssl rand -hex 32)`
    )
  }
  if (PLACEHOLDER.test(token)) {
    throw new SettingsError(
      `${source}: this is a placeholder, not a token (generate one with: openssl rand -hex 32)`
    )
  }
}

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

/**
 * Whether `path` is where this webhook converts: `/convert/<one of tokens>`, or `/convert` when
 * no token is set. Every other path is answered without reading the body.
 *
 * @example
 * ```ts
 * isConvertPath(`/convert/${token}`, encodeTokens([token])) // true
 * ```
 */
export function isConvertPath(path: string, tokens: readonly Uint8Array[]): boolean {
  if (tokens.length === 0) return path === CONVERT_PATH
  const prefix = `${CONVERT_PATH}/`
  if (!path.startsWith(prefix)) return false
  const token = path.slice(prefix.length)
  return !token.includes('/') && matchesAnyToken(token, tokens)
}
