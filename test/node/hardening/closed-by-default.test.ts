import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  CLOSED_WITHOUT_TOKEN,
  createApp,
  readSettings,
  SettingsError,
} from '../../../packages/webhook/src/http/index.ts'
import { refusalLog } from '../../../packages/webhook/src/http/refusal-log.ts'
import type { ReviewLogEntry } from '../../../packages/webhook/src/http/review-log.ts'
import { lambdaHandler } from '../../../packages/webhook/src/platform/lambda/index.ts'
import { nodeServer, servingLine } from '../../../packages/webhook/src/platform/node/index.ts'
import { exampleScheme } from '../../../examples/index.ts'
import { functionUrlEvent, resultToResponse } from '../../support/lambda-events.ts'
import { reviewRequest, TOKEN } from '../../support/hardening-fixtures.ts'

afterEach(() => void vi.unstubAllEnvs())

const closedAnswer = async (response: Response) => {
  expect(response.status).toBe(503)
  expect(response.headers.get('retry-after')).toBeNull()
  const { error } = (await response.json()) as { error: string }
  expect(error).toBe(CLOSED_WITHOUT_TOKEN)
  expect(error).toContain('CONVERT_TOKEN')
  expect(error).toContain('CONVERT_ALLOW_UNAUTHENTICATED=true')
}

describe('closed by default: with no token, /convert refuses unless opened on purpose', () => {
  it.each([{}, { CONVERT_TOKEN: '' }, { CONVERT_TOKEN: '   ', CONVERT_TOKEN_NEXT: '' }])(
    'the Node server with %j answers 503 naming both ways out, and says so when it starts',
    async (environment) => {
      const server = await nodeServer(exampleScheme, { port: 0, environment, log: () => {} })
      try {
        expect(server.closed).toBe(true)
        expect(servingLine(server)).toContain(CLOSED_WITHOUT_TOKEN)
        await closedAnswer(await fetch(`${server.url}/convert`, reviewRequest()))
        await closedAnswer(await fetch(`${server.url}/convert/${TOKEN}`, reviewRequest()))
        expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
      } finally {
        await server.close()
      }
    }
  )

  it.each(['', '\t'])(
    'the Lambda handler with CONVERT_TOKEN=%j starts, and answers 503 saying why',
    async (value) => {
      vi.stubEnv('CONVERT_TOKEN', value)
      vi.stubEnv('CONVERT_ALLOW_UNAUTHENTICATED', undefined)
      const handler = lambdaHandler(exampleScheme)
      const log = vi.spyOn(console, 'log').mockImplementation(() => {})
      const init = reviewRequest()
      const event = functionUrlEvent({
        method: 'POST',
        url: '/convert?timeout=30s',
        headers: { 'content-type': 'application/json' },
        body: init.body as string,
      })
      const result = await handler(event as never)
      log.mockRestore()
      await closedAnswer(resultToResponse(result as never))
    }
  )

  it.each([
    ['true', 200],
    ['TRUE', 200],
    ['false', 503],
  ])('CONVERT_ALLOW_UNAUTHENTICATED=%s answers %i', async (value, status) => {
    const app = createApp({
      scheme: exampleScheme,
      log: () => {},
      ...readSettings({ CONVERT_ALLOW_UNAUTHENTICATED: value }),
    })
    expect((await app.request('/convert', reviewRequest())).status).toBe(status)
  })

  it('refuses any other CONVERT_ALLOW_UNAUTHENTICATED, naming the variable', () => {
    const read = () => readSettings({ CONVERT_ALLOW_UNAUTHENTICATED: 'yes' })
    expect(read).toThrow(SettingsError)
    expect(read).toThrow('CONVERT_ALLOW_UNAUTHENTICATED must be true or false, got "yes"')
  })

  it('a token closes /convert whatever CONVERT_ALLOW_UNAUTHENTICATED says', async () => {
    const app = createApp({
      scheme: exampleScheme,
      tokens: [TOKEN],
      allowUnauthenticated: true,
      log: () => {},
    })
    expect((await app.request('/convert', reviewRequest())).status).toBe(404)
    expect((await app.request(`/convert/${TOKEN}`, reviewRequest())).status).toBe(200)
  })

  it('logs the refusals of a closed /convert: the first at once, then one counted line a minute', async () => {
    const entries: ReviewLogEntry[] = []
    const app = createApp({ scheme: exampleScheme, log: (entry) => entries.push(entry) })
    for (let request = 0; request < 3; request++) await app.request('/convert', reviewRequest())
    expect(entries).toEqual([
      {
        message: 'conversion review',
        status: 503,
        outcome: 'Refused',
        durationMs: 0,
        problem: CLOSED_WITHOUT_TOKEN,
        refusedCount: 1,
      },
    ])
  })
})

describe('refusalLog', () => {
  it('logs the first refusal of each reason, then at most one line a minute with the count since', () => {
    const entries: ReviewLogEntry[] = []
    let now = 1_000
    const refused = refusalLog(
      (entry) => entries.push(entry),
      () => now
    )
    refused(404, 'wrong or missing path token')
    for (let request = 0; request < 5; request++) refused(404, 'wrong or missing path token')
    refused(503, 'closed')
    now += 59_999
    refused(404, 'wrong or missing path token')
    now += 1
    refused(404, 'wrong or missing path token')
    expect(
      entries.map(({ status, problem, refusedCount }) => [status, problem, refusedCount])
    ).toEqual([
      [404, 'wrong or missing path token', 1],
      [503, 'closed', 1],
      [404, 'wrong or missing path token', 7],
    ])
  })
})
