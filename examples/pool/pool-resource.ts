import { defineResource, isPlainObject, type KubeObject } from '@crdconv/webhook'
import { PoolV1alpha1, PoolV1beta1 } from './pool-schemas.ts'

/**
 * The annotation in which the Go webhook of tools/conversion-webhook keeps, on a v1alpha1 object,
 * the v1beta1 object it came from (without metadata, as JSON: Cluster API's `MarshalData`). These
 * converters write and read the same annotation, so either webhook reads what the other wrote.
 */
export const POOL_CONVERSION_DATA = 'takeover.crdconv.dev/conversion-data'

const poolSpec = { image: 'registry.example/pool:1.4', memory: '1536Mi' }

/**
 * The Pool of docs/takeover.md: v1beta1 (stored, the Go webhook's hub) has `spec.replicas` and
 * `spec.paused`; v1alpha1 calls replicas `size` and has no `paused`, which waits in
 * `POOL_CONVERSION_DATA` on the way back, written as the Go webhook writes it.
 */
export const pool = defineResource({
  group: 'takeover.crdconv.dev',
  kind: 'Pool',
  names: { plural: 'pools', singular: 'pool' },
  scope: 'Namespaced',
  versions: {
    v1beta1: {
      schema: PoolV1beta1,
      storage: true,
      examples: [
        { spec: { ...poolSpec, replicas: 3, paused: true }, status: { phase: 'Paused' } },
        { spec: { replicas: 2, memory: '0.5' }, status: { readyReplicas: 2, message: 'all up' } },
      ],
    },
    v1alpha1: {
      schema: PoolV1alpha1,
      examples: [{ spec: { ...poolSpec, size: 1 }, status: { phase: 'Running' } }],
    },
  },
  subresources: { status: true },
  converters: [
    {
      from: 'v1beta1',
      to: 'v1alpha1',
      convert: (object) => {
        const { spec, metadata, ...rest } = object
        const converted: KubeObject = { ...rest, metadata: withConversionData(metadata, object) }
        if (!isPlainObject(spec)) return spec === undefined ? converted : { ...converted, spec }
        const { replicas, paused: _kept, ...specRest } = spec
        return {
          ...converted,
          spec: replicas === undefined ? specRest : { ...specRest, size: replicas },
        }
      },
    },
    {
      from: 'v1alpha1',
      to: 'v1beta1',
      convert: (object) => {
        const { spec, metadata, ...rest } = object
        const { paused, metadata: restoredMetadata } = takeConversionData(metadata)
        const converted: KubeObject =
          restoredMetadata === undefined ? rest : { ...rest, metadata: restoredMetadata }
        if (!isPlainObject(spec)) return spec === undefined ? converted : { ...converted, spec }
        const { size, ...specRest } = spec
        const renamed = size === undefined ? specRest : { ...specRest, replicas: size }
        return { ...converted, spec: paused === undefined ? renamed : { ...renamed, paused } }
      },
    },
  ],
})

/** `metadata` with the hub object (all but its metadata) as JSON in `POOL_CONVERSION_DATA`. */
function withConversionData(metadata: unknown, hub: KubeObject): Record<string, unknown> {
  const { metadata: _metadata, ...withoutMetadata } = hub
  const base = isPlainObject(metadata) ? metadata : {}
  const annotations = isPlainObject(base['annotations']) ? base['annotations'] : {}
  return {
    ...base,
    annotations: { ...annotations, [POOL_CONVERSION_DATA]: JSON.stringify(withoutMetadata) },
  }
}

/** `spec.paused` from `POOL_CONVERSION_DATA` (either webhook wrote it), and `metadata` without it. */
function takeConversionData(metadata: unknown): {
  paused: unknown
  metadata: Record<string, unknown> | undefined
} {
  if (!isPlainObject(metadata)) return { paused: undefined, metadata: undefined }
  const annotations = metadata['annotations']
  if (!isPlainObject(annotations) || !Object.hasOwn(annotations, POOL_CONVERSION_DATA)) {
    return { paused: undefined, metadata }
  }
  const { [POOL_CONVERSION_DATA]: data, ...others } = annotations
  return { paused: pausedIn(data), metadata: { ...metadata, annotations: others } }
}

function pausedIn(data: unknown): unknown {
  try {
    const hub: unknown = typeof data === 'string' ? JSON.parse(data) : undefined
    return isPlainObject(hub) && isPlainObject(hub['spec']) ? hub['spec']['paused'] : undefined
  } catch {
    return undefined
  }
}
