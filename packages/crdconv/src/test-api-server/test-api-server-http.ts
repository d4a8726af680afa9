import { requestText } from '../http-client/index.ts'

/** TLS material for a request to the test API server, as PEM text. */
export interface ClientTls {
  readonly ca: string
  /** Client certificate and key; without them the request only checks the server. */
  readonly cert?: string
  readonly key?: string
}

export interface SmallResponse {
  readonly status: number
  readonly body: string
}

/** One request with a client certificate, or over plain HTTP without `tls`; the body as text. */
export async function smallRequest(
  url: string,
  options: { method?: string; body?: string; tls?: ClientTls } = {}
): Promise<SmallResponse> {
  const { status, body } = await requestText(url, {
    method: options.method ?? 'GET',
    headers: options.body === undefined ? {} : { 'content-type': 'application/json' },
    ...(options.body === undefined ? {} : { body: options.body }),
    ...options.tls,
    timeoutMs: 5_000,
    timeoutMessage: `no answer from ${url} in 5 s`,
  })
  return { status, body }
}
