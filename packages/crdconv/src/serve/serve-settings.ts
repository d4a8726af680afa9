// The webhook's settings from `crdconv serve`'s flags, which win over the environment.
import { parseSourceList, SettingsError, type WebhookSettings } from '@crdconv/webhook/http'
import { readTokenFile, tokensInFile } from '../path-token/index.ts'

/** The settings a flag of `serve` gives; each unset one is left to the environment. */
export type ServeSettings = { -readonly [Key in keyof WebhookSettings]?: WebhookSettings[Key] }

/** The flags of `serve` that set the webhook's settings (paths relative to the working folder). */
export interface ServeSettingFlags {
  /** a file of one or two path tokens (two while rotating), as `tokensInFile` reads it */
  readonly tokenFile?: string | undefined
  /** comma-separated addresses or CIDR ranges that may call /convert */
  readonly allowedSources?: string | undefined
  readonly maxBodyBytes?: number | undefined
  readonly maxObjects?: number | undefined
  readonly maxDepth?: number | undefined
}

/**
 * The settings `flags` give, read relative to `cwd`; a token file without one or two tokens, or a
 * source list that does not parse, is a `SettingsError` naming the flag.
 *
 * @example
 * ```ts
 * const settings = await serveSettings({ tokenFile: 'token', maxObjects: 100 }, process.cwd())
 * await nodeServer(scheme, { port: 8787, ...settings })
 * ```
 */
export async function serveSettings(flags: ServeSettingFlags, cwd: string): Promise<ServeSettings> {
  const settings: ServeSettings = {}
  if (flags.tokenFile !== undefined) {
    const tokens = tokensInFile((await readTokenFile(cwd, flags.tokenFile, true)) ?? '')
    if (tokens.length === 0 || tokens.length > 2) {
      throw new SettingsError(
        `--token-file must hold one or two tokens, one per line; ${flags.tokenFile} holds ${tokens.length}`
      )
    }
    settings.tokens = tokens
  }
  if (flags.allowedSources !== undefined) {
    settings.allowedSources = parseSourceList(flags.allowedSources)
  }
  for (const key of ['maxBodyBytes', 'maxObjects', 'maxDepth'] as const) {
    const value = flags[key]
    if (value !== undefined) settings[key] = value
  }
  return settings
}
