/** The Pool example: the kind of tools/conversion-webhook's Go webhook, converted as it does. */
export { pool, POOL_CONVERSION_DATA } from './pool-resource.ts'
