// What looks secret in a recorded object: a field named like one, a value shaped like one.

/** The last word of a field's name that makes its text a secret (`clientSecret`, `apiToken`). */
const SECRET_WORDS = new Set([
  'password',
  'passwd',
  'passphrase',
  'pwd',
  'secret',
  'token',
  'credential',
  'credentials',
  'apikey',
  'privatekey',
])

/** Words before a last word `key` that make it a secret (`privateKey`, `accessKey`, `api_key`). */
const KEY_QUALIFIERS = new Set([
  'api',
  'private',
  'access',
  'secret',
  'signing',
  'encryption',
  'ssh',
  'client',
  'auth',
  'session',
  'master',
])

/** The words of a field name, lowercase: `clientSecret`, `client_secret`, `client-secret` → client, secret. */
function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_.-]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase())
}

/**
 * Whether the text of a field named `name` is a secret by its name: its last word is one
 * (`password`, `token`, `clientSecret`), or it is a key qualified as one (`privateKey`,
 * `accessKey`). `secretName` and `tokenRef` name where a secret is, and are not.
 */
export function secretByName(name: string): boolean {
  const words = wordsOf(name)
  const last = words.at(-1)
  if (last === undefined) return false
  if (SECRET_WORDS.has(last)) return true
  return (
    (last === 'key' || last === 'keys') && words.slice(0, -1).some((w) => KEY_QUALIFIERS.has(w))
  )
}

const PEM = /-----BEGIN [A-Z0-9 ]+-----/
const JWT = /^eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*$/
const LONG_BASE64 = /^[A-Za-z0-9+/_-]{32,}={0,2}$/
const LONG_HEX = /^[0-9a-fA-F]{32,}$/

/**
 * Whether text is shaped like a secret wherever it is: a PEM block, a JWT, a long hex string
 * (32 digits or more), or a long base64 string (32 characters or more, with digits and both
 * cases, so that long names and UUIDs are not taken for one).
 */
export function secretByShape(text: string): boolean {
  if (PEM.test(text) || JWT.test(text) || LONG_HEX.test(text)) return true
  return LONG_BASE64.test(text) && /[0-9]/.test(text) && /[a-z]/.test(text) && /[A-Z]/.test(text)
}
