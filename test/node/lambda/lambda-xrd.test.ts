// The Lambda handler serving an XRD's composite resource and claim, invoked with the events
// Function URLs and API Gateway really send (test/support/lambda-events.ts).
import type { APIGatewayProxyResult, Context } from 'aws-lambda'
import { afterAll, beforeAll, describe, vi } from 'vitest'
import { lambdaHandler } from '@crdconv/webhook/lambda'
import { describeXrdEndpoint } from '../../support/crossplane-reviews.ts'
import { databaseXrdScheme } from '../../support/crossplane-xrds.ts'
import {
  lambdaEvent,
  requestParts,
  resultToResponse,
  type LambdaEventKind,
} from '../../support/lambda-events.ts'

// the handler reads its settings at cold start: these reviews go to /convert without a token
vi.stubEnv('CONVERT_ALLOW_UNAUTHENTICATED', 'true')
const handler = lambdaHandler(databaseXrdScheme())
vi.unstubAllEnvs()

const invoke = async (event: unknown) =>
  (await handler(event as Parameters<typeof handler>[0], {} as Context)) as APIGatewayProxyResult

// the handler logs one Embedded Metric Format line per review to stdout
beforeAll(() => void vi.spyOn(console, 'log').mockImplementation(() => {}))
afterAll(() => void vi.restoreAllMocks())

const KINDS: [string, LambdaEventKind][] = [
  ['a Function URL (payload 2.0)', 'function-url'],
  ['an API Gateway HTTP API (payload 2.0)', 'http-api'],
  ['an API Gateway REST API (payload 1.0)', 'rest-api'],
]

describe.each(KINDS)('Lambda handler invoked by %s', (name, kind) => {
  describeXrdEndpoint(`Lambda handler, ${name}`, () => ({
    send: async (path, init) =>
      resultToResponse(await invoke(lambdaEvent[kind](requestParts(kind, path, init)))),
  }))
})
