// Hardening settings and the environment variables that set them on every platform: Workers
// bindings and secrets, Lambda's environment, the Node server's environment (or its flags).

/** Access control and limits of one deployment; every field has a safe default or is off. */
export interface WebhookSettings {
  /** Path tokens: when any is set, only `/convert/<token>` converts. Two at once allow rotation. */
  readonly tokens: readonly string[]
  /** Source addresses or CIDR ranges allowed to reach `/convert`; empty allows every source. */
  readonly allowedSources: readonly string[]
  /** Largest request body, in bytes; larger ones get 413. */
  readonly maxBodyBytes: number
  /** Most objects in one review; more fail the review with a message. */
  readonly maxObjects: number
  /** Deepest nesting of arrays and objects inside one object; deeper fails the review. */
  readonly maxDepth: number
}

export const DEFAULT_MAX_BODY_BYTES = 10 * 1024 * 1024
export const DEFAULT_MAX_OBJECTS = 50_000
// JSON.stringify recurses: V8 gives up near 4,000 levels, so answers must stay well below that
export const DEFAULT_MAX_DEPTH = 500
/** Tokens travel in a URL path: unreserved characters only, and long enough not to be guessed. */
export const MIN_TOKEN_LENGTH = 32

/** The environment variable behind each setting; the same names on every platform. */
export const SETTING_VARIABLES = {
  tokens: ['CONVERT_TOKEN', 'CONVERT_TOKEN_NEXT'],
  allowedSources: 'CONVERT_ALLOWED_SOURCES',
  maxBodyBytes: 'CONVERT_MAX_BODY_BYTES',
  maxObjects: 'CONVERT_MAX_OBJECTS',
  maxDepth: 'CONVERT_MAX_DEPTH',
} as const

/** A setting with a value that cannot work; thrown at start-up (Node, Lambda) or per request (Workers). */
export class SettingsError extends Error {
  override name = 'SettingsError'
}

/**
 * Reads the settings present in an environment (`process.env` or a Worker's `env`); absent or
 * empty variables are left out so defaults apply. Throws a `SettingsError` naming the variable
 * when a value is unusable, never echoing a token.
 *
 * @example
 * ```ts
 * const app = createApp({ scheme, ...readSettings(process.env) })
 * ```
 */
export function readSettings(environment: unknown): Partial<WebhookSettings> {
  const variables = typeof environment === 'object' && environment !== null ? environment : {}
  const read = (name: string): string | undefined => {
    const value: unknown = (variables as Record<string, unknown>)[name]
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
  }
  const settings: { -readonly [Key in keyof WebhookSettings]?: WebhookSettings[Key] } = {}
  const tokens = SETTING_VARIABLES.tokens.flatMap((name) => {
    const token = read(name)
    if (token === undefined) return []
    checkToken(token, name)
    return [token]
  })
  if (tokens.length > 0) settings.tokens = tokens
  const sources = read(SETTING_VARIABLES.allowedSources)
  if (sources !== undefined) settings.allowedSources = parseSourceList(sources)
  for (const key of ['maxBodyBytes', 'maxObjects', 'maxDepth'] as const) {
    const name = SETTING_VARIABLES[key]
    const value = read(name)
    if (value !== undefined) settings[key] = parsePositiveInteger(value, name)
  }
  return settings
}

/** Throws a `SettingsError` when a token cannot serve as a URL path segment that resists guessing. */
export function checkToken(token: string, source: string): void {
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
}

/** `"10.0.0.0/8, 192.0.2.7"` → entries; hono's IP restriction checks each one's syntax. */
export function parseSourceList(list: string): string[] {
  return list
    .split(/[\s,]+/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
}

export function parsePositiveInteger(value: string, name: string): number {
  const number = Number(value)
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(number) || number < 1) {
    throw new SettingsError(`${name} must be a whole number above 0, got ${JSON.stringify(value)}`)
  }
  return number
}
