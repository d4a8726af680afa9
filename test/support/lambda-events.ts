// Real-shaped Lambda events, after the samples in the AWS Lambda and API Gateway documentation:
// a Function URL (payload 2.0), an API Gateway HTTP API (payload 2.0) and a REST API (payload 1.0).
import type {
  APIGatewayProxyEvent,
  APIGatewayProxyEventV2,
  APIGatewayProxyResult,
  APIGatewayProxyStructuredResultV2,
} from 'aws-lambda'

export type LambdaEventKind = 'function-url' | 'http-api' | 'rest-api'

export interface HttpRequestParts {
  method: string
  /** Path and query, e.g. `/convert?timeout=30s`. */
  url: string
  headers?: Record<string, string>
  body?: string
  /** Base64-encode the body, as AWS does for content types it does not take for text. */
  base64?: boolean
}

const TIME = { time: '21/Nov/2026:12:00:00 +0000', timeEpoch: 1_795_262_400_000 }
const SOURCE_IP = '203.0.113.7'
const USER_AGENT = 'kube-apiserver-admission'

const splitUrl = (url: string) => {
  const at = url.indexOf('?')
  return at === -1 ? { path: url, query: '' } : { path: url.slice(0, at), query: url.slice(at + 1) }
}

const bodyFields = (parts: HttpRequestParts) =>
  parts.body === undefined
    ? { isBase64Encoded: false }
    : parts.base64 === true
      ? { body: Buffer.from(parts.body).toString('base64'), isBase64Encoded: true }
      : { body: parts.body, isBase64Encoded: false }

const lowercase = (headers: Record<string, string> = {}) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]))

const queryParameters = (query: string) =>
  query === '' ? undefined : Object.fromEntries(new URLSearchParams(query))

/** What a Lambda Function URL (`AuthType: NONE`) sends the function: payload format 2.0. */
export function functionUrlEvent(parts: HttpRequestParts): APIGatewayProxyEventV2 {
  const { path, query } = splitUrl(parts.url)
  const domainName = 'abcdefghijklmnopqrstuvwxyz012345.lambda-url.eu-west-1.on.aws'
  const queryStringParameters = queryParameters(query)
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: path,
    rawQueryString: query,
    headers: {
      ...lowercase(parts.headers),
      host: domainName,
      'x-amzn-tls-version': 'TLSv1.3',
      'x-forwarded-proto': 'https',
      'x-forwarded-port': '443',
      'x-forwarded-for': SOURCE_IP,
      'x-amzn-trace-id': 'Root=1-673f2b80-3b1f1a2c4d5e6f708192a3b4',
      'user-agent': USER_AGENT,
    },
    ...(queryStringParameters === undefined ? {} : { queryStringParameters }),
    requestContext: {
      accountId: 'anonymous',
      apiId: 'abcdefghijklmnopqrstuvwxyz012345',
      domainName,
      domainPrefix: 'abcdefghijklmnopqrstuvwxyz012345',
      http: {
        method: parts.method,
        path,
        protocol: 'HTTP/1.1',
        sourceIp: SOURCE_IP,
        userAgent: USER_AGENT,
      },
      requestId: '84545120-9bda-41af-9b45-6bd9fb4503a6',
      routeKey: '$default',
      stage: '$default',
      ...TIME,
    },
    ...bodyFields(parts),
  }
}

/** What an API Gateway HTTP API sends through a `$default` stage and an `ANY /{proxy+}` route. */
export function httpApiEvent(parts: HttpRequestParts): APIGatewayProxyEventV2 {
  const { path, query } = splitUrl(parts.url)
  const domainName = 'r3pmxmplak.execute-api.eu-west-1.amazonaws.com'
  const queryStringParameters = queryParameters(query)
  return {
    version: '2.0',
    routeKey: 'ANY /{proxy+}',
    rawPath: path,
    rawQueryString: query,
    headers: {
      ...lowercase(parts.headers),
      host: domainName,
      'x-forwarded-for': SOURCE_IP,
      'x-forwarded-port': '443',
      'x-forwarded-proto': 'https',
      'user-agent': USER_AGENT,
    },
    ...(queryStringParameters === undefined ? {} : { queryStringParameters }),
    pathParameters: { proxy: path.slice(1) },
    requestContext: {
      accountId: '123456789012',
      apiId: 'r3pmxmplak',
      domainName,
      domainPrefix: 'r3pmxmplak',
      http: {
        method: parts.method,
        path,
        protocol: 'HTTP/1.1',
        sourceIp: SOURCE_IP,
        userAgent: USER_AGENT,
      },
      requestId: 'JKJaXmPLvHcESHA=',
      routeKey: 'ANY /{proxy+}',
      stage: '$default',
      ...TIME,
    },
    ...bodyFields(parts),
  }
}

/** What an API Gateway REST API sends through a `{proxy+}` resource: payload format 1.0. */
export function restApiEvent(parts: HttpRequestParts): APIGatewayProxyEvent {
  const { path, query } = splitUrl(parts.url)
  const domainName = '1234567890.execute-api.eu-west-1.amazonaws.com'
  // REST APIs pass header names as the client wrote them
  const headers: Record<string, string> = {
    ...Object.fromEntries(
      Object.entries(parts.headers ?? {}).map(([name, value]) => [titleCase(name), value])
    ),
    Host: domainName,
    'User-Agent': USER_AGENT,
    'X-Forwarded-For': SOURCE_IP,
    'X-Forwarded-Port': '443',
    'X-Forwarded-Proto': 'https',
  }
  const parameters = new URLSearchParams(query)
  const multiValueQuery: Record<string, string[]> = {}
  for (const [name, value] of parameters) (multiValueQuery[name] ??= []).push(value)
  return {
    resource: '/{proxy+}',
    path,
    httpMethod: parts.method,
    headers,
    multiValueHeaders: Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [name, [value]])
    ),
    queryStringParameters: query === '' ? null : Object.fromEntries(parameters),
    multiValueQueryStringParameters: query === '' ? null : multiValueQuery,
    pathParameters: { proxy: path.slice(1) },
    stageVariables: null,
    requestContext: {
      accountId: '123456789012',
      apiId: '1234567890',
      authorizer: null,
      domainName,
      domainPrefix: '1234567890',
      extendedRequestId: 'BQGojGQ3oAMFt-w=',
      httpMethod: parts.method,
      identity: {
        accessKey: null,
        accountId: null,
        apiKey: null,
        apiKeyId: null,
        caller: null,
        clientCert: null,
        cognitoAuthenticationProvider: null,
        cognitoAuthenticationType: null,
        cognitoIdentityId: null,
        cognitoIdentityPoolId: null,
        principalOrgId: null,
        sourceIp: SOURCE_IP,
        user: null,
        userAgent: USER_AGENT,
        userArn: null,
      },
      path: `/prod${path}`,
      protocol: 'HTTP/1.1',
      requestId: 'c6af9ac6-7b61-11e6-9a41-93e8deadbeef',
      requestTime: TIME.time,
      requestTimeEpoch: TIME.timeEpoch,
      resourceId: '123456',
      resourcePath: '/{proxy+}',
      stage: 'prod',
    },
    ...bodyFields(parts),
    body: bodyFields(parts).body ?? null,
  }
}

export const lambdaEvent = {
  'function-url': functionUrlEvent,
  'http-api': httpApiEvent,
  'rest-api': restApiEvent,
} as const satisfies Record<LambdaEventKind, (parts: HttpRequestParts) => unknown>

// Function URLs and HTTP APIs base64-encode what is not text; REST APIs only with binaryMediaTypes
const TEXT_CONTENT_TYPE = /^(?:text\/[^;]+|[^/;]+\/(?:[^;]*\+)?(?:json|xml))\s*(?:;|$)/i

/** The parts of a fetch-style request, with the body base64-encoded where AWS would encode it. */
export function requestParts(
  kind: LambdaEventKind,
  url: string,
  init: RequestInit
): HttpRequestParts {
  const headers = Object.fromEntries(new Headers(init.headers))
  const body = init.body === undefined || init.body === null ? undefined : String(init.body)
  const isText = TEXT_CONTENT_TYPE.test(headers['content-type'] ?? '')
  return {
    method: init.method ?? 'GET',
    url,
    headers,
    ...(body === undefined || body === '' ? {} : { body, base64: kind !== 'rest-api' && !isText }),
  }
}

/** The HTTP response AWS makes of a handler's result (payload 2.0 or 1.0). */
export function resultToResponse(
  result: APIGatewayProxyStructuredResultV2 | APIGatewayProxyResult
): Response {
  const headers = new Headers()
  for (const [name, value] of Object.entries(result.headers ?? {})) headers.set(name, String(value))
  const multiValueHeaders = 'multiValueHeaders' in result ? (result.multiValueHeaders ?? {}) : {}
  for (const [name, values] of Object.entries(multiValueHeaders)) {
    for (const value of values) headers.append(name, String(value))
  }
  const body =
    result.body === undefined || result.body === ''
      ? null
      : Buffer.from(result.body, result.isBase64Encoded === true ? 'base64' : 'utf8')
  return new Response(body, { status: result.statusCode ?? 200, headers })
}

function titleCase(name: string): string {
  return name.replace(
    /(^|-)([a-z])/g,
    (_, dash: string, letter: string) => dash + letter.toUpperCase()
  )
}
