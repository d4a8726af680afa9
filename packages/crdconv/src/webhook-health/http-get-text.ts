// One GET whose 200 body is wanted as text: the API server's and the webhook's /metrics.
import { request as httpRequest, type RequestOptions } from 'node:http'
import { request as httpsRequest } from 'node:https'

/**
 * GETs `url` (HTTP or HTTPS by its scheme) with `options` (headers, TLS); the body of a 200, else
 * throws naming `what` and the status, or that nothing answered in 10 s.
 */
export function httpGetText(url: URL, options: RequestOptions, what: string): Promise<string> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { ...options, method: 'GET' }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('error', reject)
      response.on('end', () =>
        response.statusCode === 200
          ? resolve(Buffer.concat(chunks).toString('utf8'))
          : reject(new Error(`GET ${what}: HTTP ${response.statusCode ?? 0}`))
      )
    })
    outgoing.setTimeout(10_000, () => outgoing.destroy(new Error(`GET ${what}: no answer in 10 s`)))
    outgoing.on('error', reject)
    outgoing.end()
  })
}
