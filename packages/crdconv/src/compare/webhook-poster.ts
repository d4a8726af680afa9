import { request } from 'node:https'
import type { ClusterClient } from '../cluster-client/index.ts'
import type { ServiceReference } from '../lifecycle/index.ts'
import { postJson } from '../probe/index.ts'
import { requestText } from '../http-client/index.ts'
import type { PostReview } from './compare-answers.ts'

/** The running webhook: a URL, or a Service reached through the API server's service proxy. */
export type WebhookTarget =
  | { readonly url: URL; readonly ca?: string | undefined }
  | {
      readonly service: ServiceReference
      readonly client: ClusterClient
    }

/**
 * Where `compare` sends its reviews and how: to a URL as the API server calls a `url` clientConfig
 * (with `?timeout=30s`), or through the API server's service proxy
 * (`/api/v1/namespaces/NS/services/https:NAME:PORT/proxy/PATH`, the kubeconfig's credentials), as
 * `kubectl` reaches a Service from outside the cluster.
 *
 * @example
 * ```ts
 * const post = webhookPoster({ url: new URL('https://127.0.0.1:9443/convert'), ca }, 30_000)
 * ```
 */
export function webhookPoster(target: WebhookTarget, timeoutMs: number): PostReview {
  if ('url' in target) {
    const url = new URL(target.url)
    url.search = '?timeout=30s'
    return (body) =>
      postJson(url, body, { timeoutMs, ...(target.ca === undefined ? {} : { ca: target.ca }) })
  }
  const { namespace, name, port, path } = target.service
  const proxied = new URL(
    `/api/v1/namespaces/${encodeURIComponent(namespace)}/services/https:${encodeURIComponent(name)}:${port}/proxy${path}`,
    target.client.server
  )
  return async (body) => {
    const options: Parameters<typeof request>[1] = { headers: {} }
    await target.client.kubeConfig.applyToHTTPSOptions(options)
    return requestText(proxied, {
      ...options,
      method: 'POST',
      headers: {
        ...options.headers,
        'content-type': 'application/json',
        accept: 'application/json, */*',
        'content-length': Buffer.byteLength(body),
      },
      body,
      timeoutMs,
      timeoutMessage: `no answer through the service proxy within ${timeoutMs} ms`,
    })
  }
}
