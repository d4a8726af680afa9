import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'

export interface HttpAnswer {
  readonly status: number
  readonly contentType: string
  readonly body: string
}

export interface PostOptions {
  /** PEM bundle to trust instead of the system's roots. */
  readonly ca?: string
  readonly timeoutMs: number
}

/** POSTs JSON the way the API server does (Content-Type and Accept of client-go); rejects on network errors. */
export function postJson(url: URL, body: string, options: PostOptions): Promise<HttpAnswer> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, */*',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'crdconv-probe',
        },
        timeout: options.timeoutMs,
        ...(options.ca === undefined ? {} : { ca: options.ca }),
      },
      (incoming) => {
        const chunks: Buffer[] = []
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
        incoming.on('error', reject)
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 0,
            contentType: incoming.headers['content-type'] ?? '',
            body: Buffer.concat(chunks).toString('utf8'),
          })
        )
      }
    )
    outgoing.on('timeout', () =>
      outgoing.destroy(new Error(`no answer within ${options.timeoutMs} ms`))
    )
    outgoing.on('error', reject)
    outgoing.end(body)
  })
}
