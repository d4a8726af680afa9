export { createApp, DEFAULT_MAX_BODY_BYTES, type AppOptions } from './create-app.ts'
export { logAsJsonLine, type ReviewLogEntry, type ReviewLogger } from './review-log.ts'
