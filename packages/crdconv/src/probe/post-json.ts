import { requestText, type TextAnswer } from '../http-client/index.ts'

export interface PostOptions {
  /** PEM bundle to trust instead of the system's roots. */
  readonly ca?: string
  readonly timeoutMs: number
}

/** POSTs JSON the way the API server does (Content-Type and Accept of client-go); rejects on network errors. */
export function postJson(url: URL, body: string, options: PostOptions): Promise<TextAnswer> {
  return requestText(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, */*',
      'content-length': Buffer.byteLength(body),
      'user-agent': 'crdconv-probe',
    },
    body,
    timeoutMs: options.timeoutMs,
    timeoutMessage: `no answer within ${options.timeoutMs} ms`,
    ...(options.ca === undefined ? {} : { ca: options.ca }),
  })
}
