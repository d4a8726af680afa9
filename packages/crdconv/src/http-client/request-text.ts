import { request as httpRequest } from 'node:http'
import { request as httpsRequest, type RequestOptions } from 'node:https'

/** What answered: the status, the content type and the body as UTF-8 text. */
export interface TextAnswer {
  readonly status: number
  readonly contentType: string
  readonly body: string
}

/** Headers, TLS (`ca`, `cert`, `key`) and agent as `node:https` takes them, plus the body. */
export interface TextRequest extends Omit<RequestOptions, 'timeout'> {
  readonly body?: string
  /** Gives up after this long without a byte, with `timeoutMessage`. */
  readonly timeoutMs: number
  readonly timeoutMessage: string
}

/**
 * Sends one request (HTTP or HTTPS by the URL's scheme) and reads the whole answer as text;
 * rejects on a network error or a silence of `timeoutMs`, whatever the status.
 *
 * @example
 * ```ts
 * const { status, body } = await requestText(new URL('https://127.0.0.1:6443/readyz'), {
 *   ca, cert, key, timeoutMs: 5_000, timeoutMessage: 'no answer from the API server in 5 s',
 * })
 * ```
 */
export function requestText(
  url: URL | string,
  { body, timeoutMs, timeoutMessage, ...options }: TextRequest
): Promise<TextAnswer> {
  const send = new URL(url).protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise((resolve, reject) => {
    const outgoing = send(url, options, (incoming) => {
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
    })
    outgoing.setTimeout(timeoutMs, () => outgoing.destroy(new Error(timeoutMessage)))
    outgoing.on('error', reject)
    outgoing.end(body)
  })
}

/**
 * GETs `url` with `options` (headers, TLS); the body of a 200, else throws naming `what` and the
 * status, or that nothing answered in 10 s.
 */
export async function httpGetText(
  url: URL,
  options: Omit<RequestOptions, 'timeout'>,
  what: string
): Promise<string> {
  const answer = await requestText(url, {
    ...options,
    method: 'GET',
    timeoutMs: 10_000,
    timeoutMessage: `GET ${what}: no answer in 10 s`,
  })
  if (answer.status !== 200) throw new Error(`GET ${what}: HTTP ${answer.status}`)
  return answer.body
}
