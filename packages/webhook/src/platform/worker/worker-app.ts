import type { Hono } from 'hono'
import { createApp, readSettings, WORKERS_MAX_BODY_BYTES } from '../../http/index.ts'
import { analyticsEngineWriter } from '../../metrics/index.ts'
import type { Scheme } from '../../scheme/index.ts'
import { cloudflareConnInfo } from './connecting-address.ts'

/**
 * The webhook app as a Cloudflare Worker serves it: the Workers body limit, the client address
 * from Cloudflare, the `CONVERT_*` settings read from each request's bindings (secrets and
 * vars exist only per request), and one Workers Analytics Engine data point per request where the
 * `CRDCONV_METRICS` binding is configured (`analyticsEngineWriter`).
 *
 * @example
 * ```ts
 * // src/worker.ts, wrangler.toml's `main`
 * import { workerApp } from '@crdconv/webhook/worker'
 * export default workerApp(scheme)
 * ```
 */
export function workerApp(scheme: Scheme): Hono {
  return createApp({
    scheme,
    maxBodyBytes: WORKERS_MAX_BODY_BYTES,
    getConnInfo: cloudflareConnInfo,
    settingsFromBindings: readSettings,
    observe: analyticsEngineWriter(scheme),
  })
}
