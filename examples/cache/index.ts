/** The Cache example: three versions converted by declared field moves alone. */
export { cache } from './cache-resource.ts'
export { CacheV1, CacheV1alpha1, CacheV1beta1 } from './cache-schemas.ts'
export { joinEndpoint, splitEndpoint, type HostAndPort } from './endpoint.ts'
