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

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
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
