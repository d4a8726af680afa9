import { randomUUID } from 'node:crypto'
import type { LambdaFunctionURLEvent } from 'aws-lambda'

/** An HTTP request as it reached the Function URL, before Lambda turned it into an event. */
export interface FunctionUrlRequest {
  readonly method: string
  /** Path and query as sent, e.g. `/convert?timeout=30s`. */
  readonly url: string
  /** Lowercase names; repeated headers as several values. */
  readonly headers: Readonly<Record<string, readonly string[] | undefined>>
  readonly body: Buffer
  readonly sourceIp: string
  /** The `host` the caller used, e.g. `127.0.0.1:9000`; names the URL like AWS's `<url-id>.lambda-url.<region>.on.aws`. */
  readonly domainName: string
  readonly protocol?: string
}

/** The HTTP response a Function URL makes of the handler's result. */
export interface FunctionUrlResponse {
  readonly status: number
  readonly headers: readonly (readonly [string, string])[]
  readonly body: Buffer
}

// Function URLs pass these bodies as text; every other content type (and none) arrives base64-encoded
const TEXT_CONTENT_TYPE =
  /^(?:text\/[^;]+|[^/;]+\/(?:[^;]*\+)?(?:json|xml)|application\/javascript)\s*(?:;|$)/i

/**
 * The event a Lambda Function URL makes of a request: payload format 2.0, as AWS documents it
 * (`routeKey` and `stage` are `$default`, cookies moved out of the headers, repeated headers
 * joined with commas, bodies that are not text base64-encoded).
 *
 * @example
 * ```ts
 * const event = functionUrlEvent({ method: 'POST', url: '/convert?timeout=30s', headers, body, sourceIp: '127.0.0.1', domainName: 'localhost:9000' })
 * const result = await handler(event, context)
 * ```
 */
export function functionUrlEvent(
  request: FunctionUrlRequest,
  now = new Date()
): LambdaFunctionURLEvent {
  const queryStart = request.url.indexOf('?')
  const rawPath = queryStart === -1 ? request.url : request.url.slice(0, queryStart)
  const rawQueryString = queryStart === -1 ? '' : request.url.slice(queryStart + 1)
  const headers: Record<string, string> = {}
  for (const [name, values] of Object.entries(request.headers)) {
    if (values !== undefined && name !== 'cookie') headers[name] = values.join(',')
  }
  const cookies = (request.headers['cookie'] ?? []).flatMap((line) => line.split(/;\s*/))
  const contentType = headers['content-type']
  const isText = contentType !== undefined && TEXT_CONTENT_TYPE.test(contentType)
  const domainPrefix = request.domainName.split(/[.:]/, 1)[0] ?? request.domainName
  const hasBody = request.body.length > 0
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath,
    rawQueryString,
    ...(cookies.length > 0 ? { cookies } : {}),
    headers,
    ...(rawQueryString === '' ? {} : { queryStringParameters: queryParameters(rawQueryString) }),
    requestContext: {
      accountId: 'anonymous',
      apiId: domainPrefix,
      domainName: request.domainName,
      domainPrefix,
      http: {
        method: request.method,
        path: rawPath,
        protocol: request.protocol ?? 'HTTP/1.1',
        sourceIp: request.sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: '$default',
      stage: '$default',
      time: accessLogTime(now),
      timeEpoch: now.getTime(),
    },
    ...(hasBody ? { body: request.body.toString(isText ? 'utf8' : 'base64') } : {}),
    isBase64Encoded: hasBody && !isText,
  }
}

/**
 * The response a Function URL makes of a handler's result: a `statusCode` result as given (base64
 * bodies decoded, `cookies` as `Set-Cookie`), anything else as a 200 `application/json` body.
 */
export function functionUrlResponse(result: unknown): FunctionUrlResponse {
  if (typeof result !== 'object' || result === null || !('statusCode' in result)) {
    const body = typeof result === 'string' ? result : JSON.stringify(result ?? null)
    return {
      status: 200,
      headers: [['content-type', 'application/json']],
      body: Buffer.from(body),
    }
  }
  const structured = result as {
    statusCode: number
    headers?: Record<string, unknown>
    cookies?: string[]
    body?: string
    isBase64Encoded?: boolean
  }
  const headers = Object.entries(structured.headers ?? {}).map(
    ([name, value]) => [name, String(value)] as const
  )
  const cookies = (structured.cookies ?? []).map((cookie) => ['set-cookie', cookie] as const)
  const body = structured.body ?? ''
  return {
    status: structured.statusCode,
    headers: [...headers, ...cookies],
    body: Buffer.from(body, structured.isBase64Encoded === true ? 'base64' : 'utf8'),
  }
}

function queryParameters(rawQueryString: string): Record<string, string> {
  const parameters: Record<string, string> = {}
  for (const [name, value] of new URLSearchParams(rawQueryString)) {
    parameters[name] = name in parameters ? `${parameters[name]},${value}` : value
  }
  return parameters
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** `21/Nov/2026:12:30:05 +0000`, the format of `requestContext.time`. */
function accessLogTime(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  const day = `${pad(date.getUTCDate())}/${MONTHS[date.getUTCMonth()]}/${date.getUTCFullYear()}`
  const time = `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`
  return `${day}:${time} +0000`
}
