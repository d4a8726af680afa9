import { isPlainObject, type RootField, type SchemaProps } from '@crdconv/webhook/scheme'

export type { SchemaProps }

export const PRESERVE = 'x-kubernetes-preserve-unknown-fields'
export const INT_OR_STRING = 'x-kubernetes-int-or-string'
export const EMBEDDED = 'x-kubernetes-embedded-resource'

/** Where `toCrdSchema` parks a node's stated keywords (`crdKeywords`, `celRules`) in zod's JSON Schema output. */
export const STATED_KEYWORDS = 'x-crdconv-stated'

/** Where `toCrdSchema` parks a root's `crdRootFields` in zod's JSON Schema output. */
export const ROOT_FIELDS_KEYWORD = 'x-crdconv-root-fields'

export const ROOT_FIELDS: readonly RootField[] = ['apiVersion', 'kind', 'metadata']

/** The value when it is a JSON object, else an empty one: for reading optional schema keywords. */
export function asRecord(value: unknown): Record<string, unknown> {
  return isPlainObject(value) ? value : {}
}

/** How messages name a field: `.spec.hosts[]`, or `(root)`. */
export function label(path: string): string {
  return path === '' ? '(root)' : path
}
