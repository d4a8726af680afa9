import { randomUUID } from 'node:crypto'
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import type { Context, LambdaFunctionURLEvent } from 'aws-lambda'
import {
  functionUrlEvent,
  functionUrlResponse,
  type FunctionUrlResponse,
} from './function-url-event.ts'
import { LAMBDA_REQUEST_PAYLOAD_BYTES, LAMBDA_RESPONSE_PAYLOAD_BYTES } from '@crdconv/webhook/http'
import { DEFAULT_NODE_SERVER_LIMITS, type RunningServer } from '@crdconv/webhook/node'

/** A Lambda handler behind a Function URL: the `handler` export of `src/platform/lambda/lambda.ts` or its bundle. */
export type FunctionUrlHandler = (
  event: LambdaFunctionURLEvent,
  context: Context
) => Promise<unknown>

export interface LambdaLocalServerOptions {
  readonly handler: FunctionUrlHandler
  readonly port: number
  readonly hostname: string
  /** PEM certificate chain and key; with them the server speaks HTTPS. */
  readonly tls?: { readonly cert: string | Buffer; readonly key: string | Buffer }
  /** The function's Timeout: an invocation still running after it gets 502 (default 30, as in template.yaml). */
  readonly timeoutSeconds?: number
  /** Where the failures go that AWS would only show in CloudWatch (default: stderr). */
  readonly log?: (message: string) => void
}

const INTERNAL_SERVER_ERROR: FunctionUrlResponse = {
  status: 502,
  headers: [['content-type', 'text/plain']],
  body: Buffer.from('Internal Server Error'),
}

const PAYLOAD_TOO_LARGE: FunctionUrlResponse = {
  status: 413,
  headers: [['content-type', 'application/json']],
  body: Buffer.from(
    JSON.stringify({
      Message: `Request must be smaller than ${LAMBDA_REQUEST_PAYLOAD_BYTES} bytes for the InvokeFunction operation`,
    })
  ),
}

/**
 * Serves a Lambda handler over local HTTP(S) the way a Function URL does, without Docker: each
 * request becomes a payload 2.0 event (serialized and parsed again, as it travels to Lambda), the
 * result becomes the response, and Lambda's limits hold: an event over 6 MB gets 413 before the
 * handler runs, a result over 6 MB, a throw or a timeout get 502.
 *
 * @example
 * ```ts
 * const server = await startLambdaLocalServer({ handler, port: 9000, hostname: '127.0.0.1' })
 * // curl -H 'content-type: application/json' -d @review.json http://127.0.0.1:9000/convert
 * ```
 */
export function startLambdaLocalServer(options: LambdaLocalServerOptions): Promise<RunningServer> {
  const { port, hostname, tls, log = logToStderr } = options
  const listener = (request: IncomingMessage, response: ServerResponse) => {
    invokeForRequest(request, options).then(
      (answer) => writeResponse(response, answer),
      (error: unknown) => {
        log(`crdconv lambda-local: could not serve the request: ${String(error)}`)
        writeResponse(response, INTERNAL_SERVER_ERROR)
      }
    )
  }
  // idle connections outlive the API server's, as the Node server's do: no handshake after a pause
  const keepAlive = { keepAliveTimeout: DEFAULT_NODE_SERVER_LIMITS.keepAliveTimeoutSeconds * 1000 }
  const server: Server =
    tls === undefined
      ? createHttpServer(keepAlive, listener)
      : createHttpsServer({ ...keepAlive, cert: tls.cert, key: tls.key }, listener)
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, hostname, () => {
      const info = server.address() as AddressInfo
      const host = info.family === 'IPv6' ? `[${info.address}]` : info.address
      resolve({
        url: `${tls === undefined ? 'http' : 'https'}://${host}:${info.port}`,
        close: () =>
          new Promise((done, fail) => {
            server.close((error) => (error ? fail(error) : done()))
            server.closeAllConnections()
          }),
      })
    })
  })
}

async function invokeForRequest(
  request: IncomingMessage,
  options: LambdaLocalServerOptions
): Promise<FunctionUrlResponse> {
  const { handler, timeoutSeconds = 30, log = logToStderr } = options
  const body = await readBodyUpTo(request, LAMBDA_REQUEST_PAYLOAD_BYTES)
  if (body === undefined) return PAYLOAD_TOO_LARGE
  const event = functionUrlEvent({
    method: request.method ?? 'GET',
    url: request.url ?? '/',
    headers: request.headersDistinct,
    body,
    sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
    domainName: request.headers.host ?? `${options.hostname}:${options.port}`,
    protocol: `HTTP/${request.httpVersion}`,
  })
  // the escaped body inside the event is what counts against the 6 MB, not the body alone
  const payload = JSON.stringify(event)
  if (Buffer.byteLength(payload) > LAMBDA_REQUEST_PAYLOAD_BYTES) return PAYLOAD_TOO_LARGE

  const context = invocationContext(event.requestContext.requestId, timeoutSeconds)
  let result: unknown
  try {
    result = await withTimeout(
      handler(JSON.parse(payload) as LambdaFunctionURLEvent, context),
      timeoutSeconds
    )
  } catch (error) {
    log(`crdconv lambda-local: invocation ${context.awsRequestId} failed: ${String(error)}`)
    return INTERNAL_SERVER_ERROR
  }
  const resultBytes = Buffer.byteLength(JSON.stringify(result ?? null))
  if (resultBytes > LAMBDA_RESPONSE_PAYLOAD_BYTES) {
    log(
      `crdconv lambda-local: invocation ${context.awsRequestId} failed: response payload of ${resultBytes} bytes exceeds Lambda's ${LAMBDA_RESPONSE_PAYLOAD_BYTES}`
    )
    return INTERNAL_SERVER_ERROR
  }
  return functionUrlResponse(result)
}

/** The body, or `undefined` once it passes `limit` (the rest is read and dropped, as a proxy would). */
function readBodyUpTo(request: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= limit) chunks.push(chunk)
    })
    request.on('end', () => resolve(size <= limit ? Buffer.concat(chunks) : undefined))
    request.on('error', reject)
  })
}

function withTimeout<T>(invocation: Promise<T>, seconds: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`Task timed out after ${seconds} seconds`)),
      seconds * 1000
    )
  })
  return Promise.race([invocation, timeout]).finally(() => clearTimeout(timer))
}

function invocationContext(requestId: string, timeoutSeconds: number): Context {
  const deadline = Date.now() + timeoutSeconds * 1000
  const functionName = 'crdconv-local'
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: requestId || randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => {},
    fail: () => {},
    succeed: () => {},
  }
}

function writeResponse(response: ServerResponse, answer: FunctionUrlResponse): void {
  for (const [name, value] of answer.headers) response.appendHeader(name, value)
  response.setHeader('content-length', answer.body.length)
  response.writeHead(answer.status)
  response.end(answer.body)
}

function logToStderr(message: string): void {
  console.error(message)
}
