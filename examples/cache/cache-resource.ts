import { defineResource, fieldMoves } from '@crdconv/webhook'
import { CacheV1, CacheV1alpha1, CacheV1beta1 } from './cache-schemas.ts'
import { joinEndpoint, splitEndpoint } from './endpoint.ts'

const versions = {
  v1alpha1: {
    schema: CacheV1alpha1,
    examples: [
      { spec: { endpoint: 'cache.internal:6379', size: '512Mi', ttl: 300, eviction: 'lru' } },
    ],
  },
  v1beta1: {
    schema: CacheV1beta1,
    storage: true,
    examples: [
      {
        spec: {
          host: 'cache.internal',
          port: 6379,
          size: '512Mi',
          ttlSeconds: 300,
          eviction: 'lru',
        },
      },
    ],
  },
  v1: {
    schema: CacheV1,
    examples: [
      {
        spec: { host: 'cache.internal', port: 6379, ttlSeconds: 300, eviction: 'LRU', replicas: 3 },
      },
    ],
  },
}

/**
 * A three-version chain written as declared field moves only: v1alpha1 → v1beta1 splits
 * `endpoint` into `host` and `port` and renames `ttl`; v1beta1 → v1 narrows `eviction` (v1 has
 * no `random`: it becomes `LRU`, and comes back) and adds `replicas`, 1 by the schema's default.
 * Both ways are derived; everything the moves do not name is carried as it is.
 */
export const cache = defineResource({
  group: 'example.com',
  kind: 'Cache',
  names: { plural: 'caches', singular: 'cache' },
  versions,
  converters: [
    ...fieldMoves(versions, 'v1alpha1', 'v1beta1', (move) => [
      move.split(
        'spec.endpoint',
        { host: 'spec.host', port: 'spec.port' },
        { split: splitEndpoint, join: joinEndpoint }
      ),
      move.renamed('spec.ttl', 'spec.ttlSeconds'),
    ]),
    ...fieldMoves(versions, 'v1beta1', 'v1', (move) => [
      move.mapped(
        'spec.eviction',
        { lru: 'LRU', lfu: 'LFU', none: 'None', random: 'LRU' },
        { back: { LRU: 'lru', LFU: 'lfu', None: 'none' } }
      ),
      move.added('spec.replicas'),
    ]),
  ],
})
