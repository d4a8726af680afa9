/** A setting with a value that cannot work; thrown at start-up (Node, Lambda) or per request (Workers). */
export class SettingsError extends Error {
  override name = 'SettingsError'
}
