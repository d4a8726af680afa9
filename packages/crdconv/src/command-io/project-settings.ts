// The project's own settings for crdconv: `"crdconv": { … }` in the package.json of the directory
// a command runs in, so `npm run crd` and `npm start` need no arguments.
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'

/** What a project may set in its package.json's `"crdconv"` field. */
export interface ProjectSettings {
  /** The module that exports the scheme (`--scheme`'s default). */
  readonly scheme?: string
  /** The deployed webhook's URL (`crdconv crd --url`'s default). */
  readonly url?: string
  /** The corpus folder, relative to the project (`crdconv record`'s and the kit's default). */
  readonly corpus?: string
}

/**
 * `"crdconv": { "scheme": …, "url": …, "corpus": … }` of the package.json in `cwd`; settings that are not
 * non-empty strings, and a missing or unreadable package.json, give none.
 *
 * @example
 * // package.json: { "crdconv": { "url": "https://crontab-webhook.example.workers.dev/convert" } }
 * projectSettings(process.cwd()).url // 'https://crontab-webhook.example.workers.dev/convert'
 */
export function projectSettings(cwd: string): ProjectSettings {
  const manifest = resolve(cwd, 'package.json')
  if (!existsSync(manifest)) return {}
  let field: unknown
  try {
    field = (JSON.parse(readFileSync(manifest, 'utf8')) as { crdconv?: unknown }).crdconv
  } catch {
    return {}
  }
  if (typeof field !== 'object' || field === null) return {}
  const text = (key: keyof ProjectSettings) => {
    const value = (field as Record<string, unknown>)[key]
    return typeof value === 'string' && value !== '' ? { [key]: value } : {}
  }
  return { ...text('scheme'), ...text('url'), ...text('corpus') }
}
