import type { GetConnInfo } from 'hono/conninfo'

/**
 * The caller's address on Cloudflare Workers: the `CF-Connecting-IP` header, which Cloudflare's
 * edge sets and a client cannot forge through it. What `getConnInfo` of `hono/cloudflare-workers`
 * does, without that module, which hono deprecates and drops in v5.
 *
 * @example
 * ```ts
 * createApp({ scheme, getConnInfo: cloudflareConnInfo, allowedSources: ['192.0.2.0/24'] })
 * ```
 */
export const cloudflareConnInfo: GetConnInfo = (c) => {
  const address = c.req.header('cf-connecting-ip')
  return { remote: address === undefined ? {} : { address } }
}
