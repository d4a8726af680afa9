import { defineResource, fieldMoves } from '@crdconv/webhook'
import { PoolV1alpha1, PoolV1beta1 } from './pool-schemas.ts'

/**
 * The annotation in which the Go webhook of tools/conversion-webhook keeps, on a v1alpha1 object,
 * the v1beta1 object it came from (without metadata, as JSON: Cluster API's `MarshalData`). The
 * Pool declares it as the place of `spec.paused`, so either webhook reads what the other wrote.
 */
export const POOL_CONVERSION_DATA = 'takeover.crdconv.dev/conversion-data'

const poolSpec = { image: 'registry.example/pool:1.4', memory: '1536Mi' }

const versions = {
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
}

/**
 * The Pool of docs/takeover.md: v1beta1 (stored, the Go webhook's hub) has `spec.replicas` and
 * `spec.paused`; v1alpha1 calls replicas `size` and has no `paused`, which waits in
 * `POOL_CONVERSION_DATA` (the whole v1beta1 object but its metadata, as the Go webhook writes it)
 * and comes back from there, also where the Go webhook wrote it.
 */
export const pool = defineResource({
  group: 'takeover.crdconv.dev',
  kind: 'Pool',
  names: { plural: 'pools', singular: 'pool' },
  scope: 'Namespaced',
  versions,
  subresources: { status: true },
  converters: fieldMoves(versions, 'v1beta1', 'v1alpha1', (move) => [
    move.renamed('spec.replicas', 'spec.size'),
    move.removed('spec.paused', { annotation: POOL_CONVERSION_DATA, holds: 'object' }),
  ]),
})
