import type { APIGatewayProxyResult } from 'aws-lambda'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createApp } from '../../../packages/webhook/src/http/index.ts'
import { handler } from '../../../examples/lambda.ts'
import {
  startNodeServer,
  type RunningServer,
} from '../../../packages/webhook/src/platform/node/index.ts'
import { exampleScheme } from '../../../examples/index.ts'
import { stashedBackupReview } from '../../support/hostile-stash.ts'
import { lambdaEvent, requestParts, resultToResponse } from '../../support/lambda-events.ts'
import { fetchOverNode } from '../../support/node-fetch.ts'

// examples/lambda.ts reads its settings at import: these tests post to /convert without a token;
// given back after the file, since the files of a worker share its process.env
vi.hoisted(() => void vi.stubEnv('CONVERT_ALLOW_UNAUTHENTICATED', 'true'))
afterAll(() => void vi.unstubAllEnvs())

interface Answer {
  response: { uid: string; result: { status: string; message?: string }; convertedObjects?: [] }
}

const post = (body: string): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body,
})

// the attack: a 20 KB review whose stash, with a valid hash, holds a value 10,000 deep
const deepStash = stashedBackupReview({ depth: 10_000 }, 'deep-stash')
const bigStash = stashedBackupReview({ padding: 70_000 }, 'big-stash')

async function expectFailedNamingTheLimit(response: Response, limit: RegExp) {
  expect(response.status).toBe(200)
  const answer = (await response.json()) as Answer
  expect(answer.response.result.status).toBe('Failed')
  expect(answer.response.convertedObjects).toBeUndefined()
  expect(answer.response.result.message).toContain('prod/db')
  expect(answer.response.result.message).toMatch(limit)
}

const SENDERS: [string, () => (body: string) => Promise<Response>][] = [
  ['the app in Node', () => (body) => Promise.resolve(app.request('/convert', post(body)))],
  ['the Node server', () => (body) => fetchOverNode(`${server.url}/convert`, post(body))],
  [
    'the Lambda handler (Function URL)',
    () => async (body) => {
      const event = lambdaEvent['function-url'](
        requestParts('function-url', '/convert', post(body))
      )
      const result = await handler(event as unknown as Parameters<typeof handler>[0])
      return resultToResponse(result as APIGatewayProxyResult)
    },
  ],
]

const app = createApp({ allowUnauthenticated: true, scheme: exampleScheme, log: () => {} })
let server: RunningServer
beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => {})
  server = await startNodeServer({ app, port: 0, hostname: '127.0.0.1' })
})
afterAll(async () => {
  vi.restoreAllMocks()
  await server.close()
})

describe.each(SENDERS)('a stash built to get past the limits, sent to %s', (_name, sender) => {
  it('fails a stash nested 10,000 deep with 200, naming the object and the limit, not a 5xx', async () => {
    const response = await sender()(deepStash)
    await expectFailedNamingTheLimit(response, /nests more than 64 levels deep/)
  })

  it('fails a stash larger than its budget with 200, naming the object and the limit', async () => {
    const response = await sender()(bigStash)
    await expectFailedNamingTheLimit(response, /over the stash's limit of 65536 bytes/)
  })

  it('still restores a stash within the limits', async () => {
    const response = await sender()(stashedBackupReview({ depth: 2, padding: 3 }))
    const answer = (await response.json()) as {
      response: {
        result: { status: string }
        convertedObjects: { spec: { encryption: unknown } }[]
      }
    }
    expect(answer.response.result.status).toBe('Success')
    expect(answer.response.convertedObjects[0]?.spec.encryption).toEqual([['xxx']])
  })
})
