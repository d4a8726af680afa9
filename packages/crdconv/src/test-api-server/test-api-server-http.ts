import { request } from 'node:https'
import { request as plainRequest } from 'node:http'

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
  const send = options.tls === undefined ? plainRequest : request
  return new Promise((resolve, reject) => {
    const outgoing = send(
      url,
      {
        method: options.method ?? 'GET',
        headers: options.body === undefined ? {} : { 'content-type': 'application/json' },
        timeout: 5_000,
        ...(options.tls === undefined ? {} : options.tls),
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
          })
        )
        response.on('error', reject)
      }
    )
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer from ${url} in 5 s`)))
    outgoing.on('error', reject)
    outgoing.end(options.body)
  })
}
