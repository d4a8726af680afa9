import * as z from 'zod/mini'

// zod/mini, like the CronTab and the Backup: nothing parses with these at run time.

const size = z
  .optional(z.string())
  .register(z.globalRegistry, { description: 'Memory the cache may use, like "512Mi"' })

/** `example.com/v1alpha1`: the address as one `endpoint`, the expiry as `ttl`. */
export const CacheV1alpha1 = z.looseObject({
  spec: z.optional(
    z.looseObject({
      endpoint: z
        .optional(z.string())
        .register(z.globalRegistry, { description: 'Where clients connect, as "host:port"' }),
      size,
      ttl: z
        .optional(z.int().check(z.minimum(0)))
        .register(z.globalRegistry, { description: 'Seconds an entry lives' }),
      eviction: z.optional(z.enum(['lru', 'lfu', 'random', 'none'])).register(z.globalRegistry, {
        description: 'Which entries go first when the cache is full',
      }),
    })
  ),
  status: z.optional(z.looseObject({})),
})

const host = z
  .optional(z.string())
  .register(z.globalRegistry, { description: 'Host name clients connect to' })
const port = z
  .optional(z.int().check(z.minimum(1), z.maximum(65535)))
  .register(z.globalRegistry, { description: 'Port clients connect to' })
const ttlSeconds = z
  .optional(z.int().check(z.minimum(0)))
  .register(z.globalRegistry, { description: 'Seconds an entry lives' })
// what v1beta1 and v1 share
const settled = { host, port, size, ttlSeconds }

/** `example.com/v1beta1` (stored): `endpoint` split into `host` and `port`, `ttl` renamed `ttlSeconds`. */
export const CacheV1beta1 = z.looseObject({
  spec: z.optional(
    z.looseObject({
      ...settled,
      eviction: z.optional(z.enum(['lru', 'lfu', 'random', 'none'])),
    })
  ),
  status: z.optional(z.looseObject({})),
})

/** `example.com/v1`: `eviction` narrowed to three policies spelt in capitals, and `replicas`, 1 unless said. */
export const CacheV1 = z.looseObject({
  spec: z.optional(
    z.looseObject({
      ...settled,
      eviction: z.optional(z.enum(['LRU', 'LFU', 'None'])).register(z.globalRegistry, {
        description: 'Which entries go first when the cache is full',
      }),
      replicas: z
        ._default(z.int().check(z.minimum(1)), 1)
        .register(z.globalRegistry, { description: 'How many copies of the cache run' }),
    })
  ),
  status: z.optional(z.looseObject({})),
})
