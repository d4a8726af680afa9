import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'

/**
 * A fetch over node:http(s) that trusts `ca`, so tests talk to the HTTPS server the way the API
 * server does: verifying the certificate, not switching verification off.
 */
export async function fetchOverNode(
  url: string,
  init: RequestInit,
  ca?: string
): Promise<Response> {
  const target = new URL(url)
  const body = init.body === undefined || init.body === null ? undefined : String(init.body)
  const headers = new Headers(init.headers)
  if (body !== undefined) headers.set('content-length', String(Buffer.byteLength(body)))
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise((resolve, reject) => {
    const outgoing = send(
      target,
      {
        method: init.method ?? 'GET',
        headers: Object.fromEntries(headers),
        ...(ca === undefined ? {} : { ca }),
      },
      (incoming) => {
        const chunks: Buffer[] = []
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
        incoming.on('end', () => {
          const responseHeaders = new Headers()
          for (const [name, value] of Object.entries(incoming.headers)) {
            if (value !== undefined)
              responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : value)
          }
          resolve(
            new Response(incoming.statusCode === 204 ? null : Buffer.concat(chunks), {
              status: incoming.statusCode ?? 0,
              headers: responseHeaders,
            })
          )
        })
      }
    )
    outgoing.on('error', reject)
    outgoing.end(body)
  })
}
