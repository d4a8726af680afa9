// The Lambda bench's one request: a review as a Function URL delivers it (payload 2.0), for the
// warm invocations and the cold start alike.
import { functionUrlEvent } from '../packages/crdconv/src/lambda-local/index.ts'

/** The Function URL event of a POST of `body` to /convert, with the headers the API server sends. */
export function reviewFunctionUrlEvent(body: string): ReturnType<typeof functionUrlEvent> {
  return functionUrlEvent({
    method: 'POST',
    url: '/convert?timeout=30s',
    headers: {
      'content-type': ['application/json'],
      // the API server declares the length, and a Function URL passes it on
      'content-length': [String(Buffer.byteLength(body))],
      accept: ['application/json, */*'],
      'user-agent': ['kube-apiserver-admission'],
    },
    body: Buffer.from(body),
    sourceIp: '10.0.0.1',
    domainName: 'abcdefghijklmnopqrstuvwxyz012345.lambda-url.eu-west-1.on.aws',
  })
}
