// Hardening settings, read from the `CONVERT_*` variables on every platform (or the Node server's flags).
import type { ReviewLimits } from '../review/index.ts'
import { checkPathTokens } from './path-token.ts'
import { SettingsError } from './settings-error.ts'
import { SETTING_VARIABLES, variableReader } from './setting-variables.ts'

export { SettingsError }

/** Access control and limits of one deployment; every field has a safe default or is off. */
export interface WebhookSettings extends ReviewLimits {
  /** Path tokens: when any is set, only `/convert/<token>` converts. Two at once allow rotation. */
  readonly tokens: readonly string[]
  /**
   * With no token, `/convert` answers 503 unless this is true: anyone who can reach the URL could
   * then run conversions. Set on purpose only (`CONVERT_ALLOW_UNAUTHENTICATED=true`).
   */
  readonly allowUnauthenticated: boolean
  /** Source addresses or CIDR ranges allowed to reach `/convert`; empty allows every source. */
  readonly allowedSources: readonly string[]
  /** Largest request body, in bytes; larger ones get 413. */
  readonly maxBodyBytes: number
}

/**
 * Reads the settings present in an environment (`process.env` or a Worker's `env`); absent or
 * blank variables are left out so defaults apply (a blank token is no token: `/convert` stays
 * closed). Throws a `SettingsError` naming the variable when a value is unusable, never echoing
 * a token.
 *
 * @example
 * ```ts
 * const app = createApp({ scheme, ...readSettings(process.env) })
 * ```
 */
export function readSettings(environment: unknown): Partial<WebhookSettings> {
  const read = variableReader(environment)
  const settings: { -readonly [Key in keyof WebhookSettings]?: WebhookSettings[Key] } = {}
  const tokenNames = SETTING_VARIABLES.tokens.filter((name) => read(name) !== undefined)
  if (tokenNames.length > 0) {
    settings.tokens = checkPathTokens(
      tokenNames.map((name) => read(name) as string),
      (index) => tokenNames[index] as string
    )
  }
  const open = read(SETTING_VARIABLES.allowUnauthenticated)
  if (open !== undefined) {
    settings.allowUnauthenticated = parseBoolean(open, SETTING_VARIABLES.allowUnauthenticated)
  }
  const sources = read(SETTING_VARIABLES.allowedSources)
  if (sources !== undefined) settings.allowedSources = parseSourceList(sources)
  for (const key of ['maxBodyBytes', 'maxObjects', 'maxDepth'] as const) {
    const name = SETTING_VARIABLES[key]
    const value = read(name)
    if (value !== undefined) settings[key] = parsePositiveInteger(value, name)
  }
  return settings
}

/** `"10.0.0.0/8, 192.0.2.7"` → entries; hono's IP restriction checks each one's syntax. */
export function parseSourceList(list: string): string[] {
  return list
    .split(/[\s,]+/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
}

/** A whole number above 0, or a `SettingsError` naming the setting; flags and variables alike. */
export function parsePositiveInteger(value: string, name: string): number {
  const number = Number(value)
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(number) || number < 1) {
    throw new SettingsError(`${name} must be a whole number above 0, got ${JSON.stringify(value)}`)
  }
  return number
}

/** `true` or `false` (any case), or a `SettingsError` naming the setting. */
export function parseBoolean(value: string, name: string): boolean {
  const lower = value.toLowerCase()
  if (lower === 'true' || lower === 'false') return lower === 'true'
  throw new SettingsError(`${name} must be true or false, got ${JSON.stringify(value)}`)
}
