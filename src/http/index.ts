export { createApp, DEFAULT_MAX_BODY_BYTES, type AppOptions } from './create-app.ts'
export { logAsJsonLine, type ReviewLogEntry, type ReviewLogger } from './review-log.ts'
export {
  DEFAULT_MAX_DEPTH,
  DEFAULT_MAX_OBJECTS,
  readSettings,
  SETTING_VARIABLES,
  SettingsError,
  type WebhookSettings,
} from './settings.ts'
