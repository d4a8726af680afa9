/** `crdconv serve`: the webhook's settings from its flags; the server itself is `@crdconv/webhook/node`. */
export { serveSettings, type ServeSettingFlags, type ServeSettings } from './serve-settings.ts'
