import { isPlainObject } from '../scheme/index.ts'

/** A node of a CRD's `openAPIV3Schema` (Kubernetes `JSONSchemaProps`), as plain JSON. */
export type SchemaProps = { [keyword: string]: unknown }

export const PRESERVE = 'x-kubernetes-preserve-unknown-fields'
export const INT_OR_STRING = 'x-kubernetes-int-or-string'
export const EMBEDDED = 'x-kubernetes-embedded-resource'

/** The value when it is a JSON object, else an empty one: for reading optional schema keywords. */
export function asRecord(value: unknown): Record<string, unknown> {
  return isPlainObject(value) ? value : {}
}

/** How messages name a field: `.spec.hosts[]`, or `(root)`. */
export function label(path: string): string {
  return path === '' ? '(root)' : path
}
