import { isPlainObject } from '../json/index.ts'

export { isPlainObject }

/** Object metadata as the API server sends it; only the fields crdconv reads are typed. */
export interface ObjectMeta {
  name?: string
  namespace?: string
  uid?: string
  labels?: Record<string, string>
  annotations?: Record<string, string>
  [field: string]: unknown
}

/** Any Kubernetes object as it travels in a ConversionReview: raw JSON, nothing stripped. */
export interface KubeObject {
  apiVersion?: string
  kind?: string
  metadata?: ObjectMeta
  [field: string]: unknown
}

/** `namespace/name`, `name`, or `(unnamed)`: how messages name an object. */
export function describeObject(object: unknown): string {
  const metadata = isPlainObject(object) ? object['metadata'] : undefined
  if (!isPlainObject(metadata)) return '(unnamed)'
  const name = typeof metadata['name'] === 'string' ? metadata['name'] : ''
  const namespace = typeof metadata['namespace'] === 'string' ? metadata['namespace'] : ''
  if (name === '') return namespace === '' ? '(unnamed)' : `${namespace}/(unnamed)`
  return namespace === '' ? name : `${namespace}/${name}`
}

/** An object's `kind` or `apiVersion` for messages and logs, `(no kind)` when it has none. */
export function describeField(object: unknown, field: 'kind' | 'apiVersion'): string {
  const value = isPlainObject(object) ? object[field] : undefined
  return typeof value === 'string' && value !== '' ? value : `(no ${field})`
}

/** `CronTab ns/name`: how every message names an object, kind first. */
export function nameObject(object: unknown): string {
  return `${describeField(object, 'kind')} ${describeObject(object)}`
}
