import { describe, expect, it } from 'vitest'
import { createApp, readSettings, SettingsError } from '../../../packages/webhook/src/http/index.ts'
import { nestingDepthExceeds } from '../../../packages/webhook/src/review/index.ts'
import { exampleScheme } from '../../../examples/index.ts'
import { postJson } from '../../support/hardening-fixtures.ts'
import { conversionReview, cronTabV1beta1 } from '../../support/review-factory.ts'

interface Answer {
  response: { uid: string; result: { status: string; message?: string }; convertedObjects?: [] }
}

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth)
const withDeepField = (depth: number) =>
  JSON.stringify(
    conversionReview({ uid: 'deep', objects: [cronTabV1beta1({ name: 'd' })] })
  ).replace('"spec":', `"deep":${nested(depth)},"spec":`)

describe('nestingDepthExceeds', () => {
  it.each([
    [0, 1, false],
    [{}, 1, false],
    [{ a: [1] }, 1, true],
    [{ a: [1] }, 2, false],
    [[[[{}]]], 3, true],
  ])('measures %j against a limit of %i: %s', (value, limit, expected) => {
    expect(nestingDepthExceeds(value, limit)).toBe(expected)
  })

  it('measures 100,000 levels without overflowing the stack', () => {
    const deep = JSON.parse(nested(100_000)) as unknown
    expect(nestingDepthExceeds(deep, 500)).toBe(true)
    expect(nestingDepthExceeds(deep, 100_000)).toBe(false)
  })
})

describe('limits', () => {
  const app = createApp({
    allowUnauthenticated: true,
    scheme: exampleScheme,
    maxObjects: 3,
    maxDepth: 20,
    log: () => {},
  })
  const convert = async (body: unknown, on = app) => {
    const response = await on.request('/convert', postJson(body))
    return { status: response.status, answer: (await response.json()) as Answer }
  }

  it('converts a review at the object limit', async () => {
    const objects = [cronTabV1beta1(), cronTabV1beta1(), cronTabV1beta1()]
    const { answer } = await convert(conversionReview({ objects }))
    expect(answer.response.result.status).toBe('Success')
  })

  it('fails a review over the object limit with 200, naming the limit and its variable', async () => {
    const objects = Array.from({ length: 4 }, (_, index) => cronTabV1beta1({ name: `n${index}` }))
    const { status, answer } = await convert(conversionReview({ uid: 'many', objects }))
    expect(status).toBe(200)
    expect(answer.response.uid).toBe('many')
    expect(answer.response.convertedObjects).toBeUndefined()
    expect(answer.response.result.status).toBe('Failed')
    expect(answer.response.result.message).toMatch(/4 objects, more than .* limit of 3/)
    expect(answer.response.result.message).toContain('CONVERT_MAX_OBJECTS')
  })

  it('converts an object nested to just under the depth limit', async () => {
    const { answer } = await convert(withDeepField(17))
    expect(answer.response.result.status).toBe('Success')
  })

  it.each([21, 5_000, 100_000])(
    'fails an object nested %i levels deep with 200, naming the object and CONVERT_MAX_DEPTH',
    async (depth) => {
      const { status, answer } = await convert(withDeepField(depth))
      expect(status).toBe(200)
      expect(answer.response.uid).toBe('deep')
      expect(answer.response.result.message).toMatch(
        /CronTab default\/d → example\.com\/v1: nested more than 20 levels deep/
      )
      expect(answer.response.result.message).toContain('CONVERT_MAX_DEPTH')
    }
  )

  it('fails 100,000 levels under the default limit too, in the answer of the same apiVersion', async () => {
    const open = createApp({ allowUnauthenticated: true, scheme: exampleScheme, log: () => {} })
    const { status, answer } = await convert(withDeepField(100_000), open)
    expect(status).toBe(200)
    expect(answer.response.result.message).toContain('nested more than 500 levels deep')
  })

  it('answers a body of 100,000 nested arrays with 400', async () => {
    const response = await app.request('/convert', postJson(nested(100_000)))
    expect(response.status).toBe(400)
  })

  it('answers a body over the limit with 413 naming CONVERT_MAX_BODY_BYTES', async () => {
    const small = createApp({
      allowUnauthenticated: true,
      scheme: exampleScheme,
      maxBodyBytes: 1000,
      log: () => {},
    })
    const objects = Array.from({ length: 20 }, () => cronTabV1beta1())
    const response = await small.request('/convert', postJson(conversionReview({ objects })))
    expect(response.status).toBe(413)
    const { error } = (await response.json()) as { error: string }
    expect(error).toContain('limit of 1000 bytes')
    expect(error).toContain('CONVERT_MAX_BODY_BYTES')
  })

  it('reads limits from the environment and refuses unusable values', () => {
    expect(
      readSettings({
        CONVERT_MAX_BODY_BYTES: '2048',
        CONVERT_MAX_OBJECTS: '10',
        CONVERT_MAX_DEPTH: ' 64 ',
      })
    ).toEqual({ maxBodyBytes: 2048, maxObjects: 10, maxDepth: 64 })
    for (const bad of ['0', '-1', '1.5', '10k', '1e3', '99999999999999999999']) {
      expect(() => readSettings({ CONVERT_MAX_OBJECTS: bad })).toThrow(SettingsError)
    }
  })
})

describe('the Failed message of a single object', () => {
  it('is capped, whatever the object echoes: a kind of 1 MB makes no 1 MB answer', async () => {
    const app = createApp({ allowUnauthenticated: true, scheme: exampleScheme, log: () => {} })
    const kind = 'K'.repeat(1_000_000)
    const objects = [{ apiVersion: 'example.com/v1beta1', kind, metadata: { name: 'a' } }]
    const response = await app.request('/convert', postJson(conversionReview({ objects })))
    const text = await response.text()
    expect(response.status).toBe(200)
    expect(
      (JSON.parse(text) as { response: { result: { status: string } } }).response.result.status
    ).toBe('Failed')
    expect(text.length).toBeLessThan(10_000)
  })
})
