import type { Context, MiddlewareHandler } from 'hono'
import type { GetConnInfo } from 'hono/conninfo'
import { HTTPException } from 'hono/http-exception'
import { ipRestriction } from 'hono/ip-restriction'
import { SETTING_VARIABLES } from './setting-variables.ts'
import { SettingsError } from './settings.ts'

/**
 * hono's IP restriction over the platform's connection info; `undefined` when every source may
 * call. Throws a `SettingsError` for a list that cannot work.
 */
export function sourceRestriction(
  allowedSources: readonly string[],
  getConnInfo: GetConnInfo | undefined
): MiddlewareHandler | undefined {
  if (allowedSources.length === 0) return undefined
  if (getConnInfo === undefined) {
    throw new SettingsError(
      `${SETTING_VARIABLES.allowedSources} is set but this platform entry passes no getConnInfo to createApp`
    )
  }
  // without the platform's connection data (a test's app.request) the source is unknown: refuse it
  const sourceAddress = (c: Context) => {
    try {
      return getConnInfo(c).remote.address ?? ''
    } catch {
      return ''
    }
  }
  try {
    return ipRestriction(sourceAddress, { allowList: [...allowedSources] }, (_remote, c) =>
      answerRefusedSource(c)()
    )
  } catch (error) {
    throw new SettingsError(
      `${SETTING_VARIABLES.allowedSources}: ${error instanceof Error ? error.message : String(error)} (expected addresses or CIDR ranges, like 10.0.0.0/8, 2001:db8::/32)`
    )
  }
}

// hono's middleware throws its own plain-text 403 when it finds no address at all
export const answerRefusedSource =
  (c: Context) =>
  (error?: unknown): Response => {
    if (error !== undefined && !(error instanceof HTTPException && error.status === 403))
      throw error
    return c.json({ error: 'this source address may not call the conversion webhook' }, 403)
  }
