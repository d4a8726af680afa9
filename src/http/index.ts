export {
  DEFAULT_MAX_BODY_BYTES,
  LAMBDA_BODY_LIMIT_ADVICE,
  LAMBDA_MAX_BODY_BYTES,
  LAMBDA_REQUEST_PAYLOAD_BYTES,
  LAMBDA_RESPONSE_PAYLOAD_BYTES,
  WORKERS_MAX_BODY_BYTES,
} from './body-limits.ts'
export { createApp, type AppOptions } from './create-app.ts'
export {
  logAsJsonLine,
  logJsonLinesTo,
  type ReviewLogEntry,
  type ReviewLogger,
} from './review-log.ts'
export {
  parsePositiveInteger,
  parseSourceList,
  readSettings,
  SETTING_VARIABLES,
  SettingsError,
  type WebhookSettings,
} from './settings.ts'
export { DEFAULT_MAX_DEPTH, DEFAULT_MAX_OBJECTS } from '../review/index.ts'
