import { getConnInfo } from 'hono/cloudflare-workers'
import { createApp, readSettings } from '../http/index.ts'
import { exampleScheme } from '../resources/index.ts'

/**
 * Below the largest review that converts inside one 128 MiB isolate (about 20 MiB of dense
 * objects, measured by `npm run measure:body-limit`), leaving room for a second review in the
 * same isolate. Raise it with the CONVERT_MAX_BODY_BYTES variable.
 */
export const WORKERS_MAX_BODY_BYTES = 8 * 1024 * 1024

// Workers bindings (secrets and vars such as CONVERT_TOKEN) exist only per request: read them there
export default createApp({
  scheme: exampleScheme,
  maxBodyBytes: WORKERS_MAX_BODY_BYTES,
  getConnInfo,
  settingsFromBindings: readSettings,
})
