// The API server's rules for labels and annotations (apimachinery ValidateLabels, ValidateAnnotations).

const QUALIFIED_NAME = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/

export const MAX_LABEL_VALUE_LENGTH = 63
export const MAX_ANNOTATIONS_BYTES = 256 * 1024

/** Why `key` is not a qualified name (`[prefix/]name`), or `undefined` when it is one. */
export function qualifiedNameProblem(key: string): string | undefined {
  const parts = key.split('/')
  if (parts.length > 2) return 'must be a name with at most one "/" prefix separator'
  const name = parts.length === 2 ? (parts[1] as string) : key
  if (parts.length === 2) {
    const prefix = parts[0] as string
    if (prefix.length === 0) return 'prefix part must not be empty'
    if (prefix.length > 253) return 'prefix part must be no more than 253 characters'
    if (!DNS_SUBDOMAIN.test(prefix)) return 'prefix part must be a lowercase DNS subdomain'
  }
  if (name.length === 0) return 'name part must not be empty'
  if (name.length > 63) return 'name part must be no more than 63 characters'
  if (!QUALIFIED_NAME.test(name)) {
    return 'name part must consist of alphanumerics, "-", "_" or ".", and start and end with an alphanumeric'
  }
  return undefined
}

/** Why `value` is not a valid label value, or `undefined`. */
export function labelValueProblem(value: string): string | undefined {
  if (value.length > MAX_LABEL_VALUE_LENGTH) {
    return `must be no more than ${MAX_LABEL_VALUE_LENGTH} characters (has ${value.length})`
  }
  if (value !== '' && !QUALIFIED_NAME.test(value)) {
    return 'must be empty or consist of alphanumerics, "-", "_" or ".", and start and end with an alphanumeric'
  }
  return undefined
}

/** Bytes of `text` in UTF-8, as Go's `len` counts them. */
export function utf8Length(text: string): number {
  let bytes = 0
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code < 0x80) bytes += 1
    else if (code < 0x800) bytes += 2
    else if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      const low = text.charCodeAt(index + 1)
      if (low >= 0xdc00 && low <= 0xdfff) {
        bytes += 4
        index++
      } else bytes += 3
    } else bytes += 3
  }
  return bytes
}

/** Total size of annotations as the API server counts it: keys plus values, in bytes. */
export function annotationsSize(annotations: Readonly<Record<string, string>>): number {
  let total = 0
  for (const key in annotations) total += utf8Length(key) + utf8Length(annotations[key] as string)
  return total
}
