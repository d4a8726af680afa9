import { formatApiVersion, type KubeObject, type Resource } from '@crdconv/webhook/scheme'

export interface ExampleOptions {
  /** `metadata.uid` of each object; a fixed one keeps output reproducible. */
  readonly uid?: (index: number) => string
}

/**
 * Whole objects at `version` for smoke tests: one with nothing but metadata (server-side apply
 * sends such partial objects), then each of the version's `examples`, all with labels and
 * annotations so a converter that drops them is caught.
 *
 * @example
 * ```ts
 * exampleObjects(cronTab, 'v1beta1') // [{ apiVersion: 'example.com/v1beta1', kind: 'CronTab', metadata: {...} }, ...]
 * ```
 */
export function exampleObjects(
  resource: Resource,
  version: string,
  options: ExampleOptions = {}
): KubeObject[] {
  const examples = resource.versions[version]?.examples ?? []
  const uid =
    options.uid ?? ((index: number) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`)
  return [{}, ...examples].map((example, index) => {
    const { metadata, ...fields } = example as KubeObject
    return {
      apiVersion: formatApiVersion(resource.group, version),
      kind: resource.kind,
      metadata: {
        name: `crdconv-example-${index}`,
        ...(resource.scope === 'Namespaced' ? { namespace: 'default' } : {}),
        uid: uid(index),
        resourceVersion: '1',
        generation: 1,
        creationTimestamp: '2026-01-01T00:00:00Z',
        labels: { 'app.kubernetes.io/name': 'crdconv-example' },
        annotations: { 'crdconv.example/note': 'an object made up by crdconv' },
        ...(typeof metadata === 'object' && metadata !== null ? metadata : {}),
      },
      ...fields,
    }
  })
}
