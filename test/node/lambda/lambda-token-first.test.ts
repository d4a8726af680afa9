// The Lambda entry checks the path token before the body is decoded: AWS hands a Function URL a
// body it does not take for text base64-encoded, and decoding a large one cost 20 ms against
// 0.09 ms for the 404. A body that cannot be decoded at all proves it: with a wrong token it is
// never looked at, with the right one it is.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { exampleScheme } from '../../../examples/index.ts'
import { lambdaHandler } from '../../../packages/webhook/src/platform/lambda/index.ts'
import { TOKEN } from '../../support/hardening-fixtures.ts'
import { lambdaEvent, resultToResponse, type LambdaEventKind } from '../../support/lambda-events.ts'
import { conversionReview } from '../../support/review-factory.ts'

const NOT_BASE64 = '%%% not base64 %%%'.repeat(1000)

beforeAll(() => {
  vi.stubEnv('CONVERT_TOKEN', TOKEN)
  vi.spyOn(console, 'log').mockImplementation(() => {})
})
afterAll(() => {
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
})

/** A POST whose body AWS base64-encoded (`isBase64Encoded: true`), with `body` as the encoded text. */
function base64Event(kind: LambdaEventKind, path: string, body: string) {
  const event = lambdaEvent[kind]({
    method: 'POST',
    url: `${path}?timeout=30s`,
    headers: { 'content-type': 'application/json' },
    body: 'placeholder',
    base64: true,
  })
  return { ...event, body, isBase64Encoded: true }
}

const invoke = async (event: unknown) => {
  const handler = lambdaHandler(exampleScheme)
  const result = await handler(event as Parameters<typeof handler>[0])
  return resultToResponse(result as Parameters<typeof resultToResponse>[0])
}

describe.each<LambdaEventKind>(['function-url', 'http-api', 'rest-api'])(
  'the Lambda handler with a path token, %s events',
  (kind) => {
    it('refuses a wrong token with 404 without decoding the body (which could not be decoded)', async () => {
      const answer = await invoke(base64Event(kind, `/convert/${'x'.repeat(48)}`, NOT_BASE64))
      expect(answer.status).toBe(404)
      expect(await answer.json()).toEqual({ error: 'not found' })
    })

    it('refuses /convert without a token the same way', async () => {
      const answer = await invoke(base64Event(kind, '/convert', NOT_BASE64))
      expect(answer.status).toBe(404)
    })

    it('reads the body with the right token: the same body is refused as not JSON, with 400', async () => {
      const answer = await invoke(base64Event(kind, `/convert/${TOKEN}`, NOT_BASE64))
      expect(answer.status).toBe(400)
      expect(await answer.json()).toMatchObject({ error: expect.stringMatching(/JSON/) })
    })

    it('converts a base64 review sent with the right token', async () => {
      const review = Buffer.from(JSON.stringify(conversionReview())).toString('base64')
      const answer = await invoke(base64Event(kind, `/convert/${TOKEN}`, review))
      expect(answer.status).toBe(200)
      expect(await answer.json()).toMatchObject({ response: { result: { status: 'Success' } } })
    })
  }
)
