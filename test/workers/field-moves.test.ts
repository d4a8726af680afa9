import { describe, expect, it } from 'vitest'
import { cache } from '../../examples/cache/index.ts'
import { createScheme } from '../../packages/webhook/src/scheme/index.ts'

describe('declared field moves inside workerd', () => {
  it('convert the Cache example down the chain and back, through the stash, as in Node', () => {
    const scheme = createScheme([cache])
    const v1alpha1 = {
      apiVersion: 'example.com/v1alpha1',
      kind: 'Cache',
      metadata: { name: 'sessions', namespace: 'web', annotations: { team: 'web' } },
      spec: { endpoint: 'db', ttl: 60, eviction: 'random' },
    }
    const atV1 = scheme.convert(v1alpha1, 'example.com/v1')
    if (!atV1.ok) throw new Error(atV1.failure.message)
    expect(atV1.object['spec']).toEqual({
      host: 'db',
      ttlSeconds: 60,
      eviction: 'LRU',
      replicas: 1,
    })
    const back = scheme.convert(atV1.object, 'example.com/v1alpha1')
    if (!back.ok) throw new Error(back.failure.message)
    expect(back.object).toEqual(v1alpha1)
  })
})
