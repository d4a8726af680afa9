import { getConnInfo } from 'hono/cloudflare-workers'
import { createApp, readSettings } from '../http/index.ts'
import { exampleScheme } from '../resources/index.ts'
import { WORKERS_MAX_BODY_BYTES } from './platform-limits.ts'

// Workers bindings (secrets and vars such as CONVERT_TOKEN) exist only per request: read them there
export default createApp({
  scheme: exampleScheme,
  maxBodyBytes: WORKERS_MAX_BODY_BYTES,
  getConnInfo,
  settingsFromBindings: readSettings,
})
