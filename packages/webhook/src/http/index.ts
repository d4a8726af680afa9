/** The one Hono app: routes, body limit, path token, source allow-list, settings, logs.
 * @module
 */
export {
  DEFAULT_MAX_BODY_BYTES,
  LAMBDA_BODY_LIMIT_ADVICE,
  LAMBDA_MAX_BODY_BYTES,
  LAMBDA_REQUEST_PAYLOAD_BYTES,
  LAMBDA_RESPONSE_PAYLOAD_BYTES,
  WORKERS_MAX_BODY_BYTES,
} from './body-limits.ts'
export { createApp, type AppOptions } from './create-app.ts'
export { checkPathTokens, MIN_TOKEN_LENGTH } from './path-token.ts'
export {
  BAD_REQUEST_REASONS,
  type BadRequestReason,
  type RequestObserver,
  type RequestOutcome,
} from './request-outcome.ts'
export {
  logAsJsonLine,
  logJsonLinesTo,
  type ReviewLogEntry,
  type ReviewLogger,
} from './review-log.ts'
export {
  parsePositiveInteger,
  parseBoolean,
  parseSourceList,
  readSettings,
  SettingsError,
  type WebhookSettings,
} from './settings.ts'
export {
  BODY_LIMIT_ADVICE,
  CLOSED_WITHOUT_TOKEN,
  LIMIT_ADVICE,
  NODE_LISTEN_VARIABLES,
  NODE_SERVER_VARIABLES,
  SETTING_VARIABLES,
  variableReader,
} from './setting-variables.ts'
export { DEFAULT_MAX_DEPTH, DEFAULT_MAX_OBJECTS } from '../review/index.ts'
