import { afterEach, describe, expect, it, vi } from 'vitest'
import { createApp } from '../../../packages/webhook/src/http/index.ts'
import {
  reviewRequest,
  postJson,
  schemeReturning,
  throwingScheme,
  widgetReview,
} from '../../support/hardening-fixtures.ts'

interface StatusBody {
  kind: string
  status: string
  code: number
  message: string
  error: string
}

describe('unexpected internal errors', () => {
  const errors: string[] = []
  afterEach(() => {
    vi.restoreAllMocks()
    errors.length = 0
  })
  const quietConsole = () =>
    vi.spyOn(console, 'error').mockImplementation((line: string) => void errors.push(line))

  it('answers a bug (a scheme throwing a TypeError) with 500, no Retry-After, a metav1.Status body', async () => {
    quietConsole()
    const app = createApp({
      allowUnauthenticated: true,
      scheme: throwingScheme(new TypeError('secret-in-message')),
      log: () => {},
    })
    const response = await app.request('/convert', reviewRequest())
    const body = (await response.json()) as StatusBody
    expect(response.status).toBe(500)
    expect(response.headers.get('retry-after')).toBeNull()
    expect(body).toMatchObject({ kind: 'Status', status: 'Failure', code: 500 })
    const incident = /incident ([0-9a-f]+)/.exec(body.message)?.[1]
    expect(incident).toBeDefined()
    expect(errors.join('\n')).toContain(incident)
    expect(errors.join('\n')).toContain('TypeError')
    expect(errors.join('\n') + JSON.stringify(body)).not.toContain('secret-in-message')
  })

  it('answers running out of resources (a RangeError) with 503 and Retry-After: 1, so the API server retries', async () => {
    quietConsole()
    const app = createApp({
      allowUnauthenticated: true,
      scheme: throwingScheme(new RangeError('Invalid string length')),
      log: () => {},
    })
    const response = await app.request('/convert', reviewRequest())
    expect(response.status).toBe(503)
    expect(response.headers.get('retry-after')).toBe('1')
    expect(((await response.json()) as StatusBody).code).toBe(503)
  })

  it('answers 200 + Failed when a converter returns an object whose getter throws', async () => {
    const output = (object: Record<string, unknown>) =>
      Object.defineProperty({ ...object }, 'metadata', {
        enumerable: true,
        get() {
          throw new Error('getter')
        },
      })
    const app = createApp({
      allowUnauthenticated: true,
      scheme: schemeReturning(output),
      log: () => {},
    })
    const response = await app.request('/convert', postJson(widgetReview()))
    const body = (await response.json()) as {
      response: { result: { status: string; message: string } }
    }
    expect(response.status).toBe(200)
    expect(body.response.result.status).toBe('Failed')
    expect(body.response.result.message).toContain(
      'returned an object that could not be read or completed: Error: getter'
    )
  })

  it('answers a thrown non-Error value with 500', async () => {
    quietConsole()
    const app = createApp({
      allowUnauthenticated: true,
      scheme: throwingScheme('a string'),
      log: () => {},
    })
    expect((await app.request('/convert', reviewRequest())).status).toBe(500)
  })

  it.each([
    [
      'a throwing toJSON',
      (object: Record<string, unknown>) => ({
        ...object,
        spec: {
          toJSON() {
            throw new Error('no')
          },
        },
      }),
    ],
  ])(
    'fails the review with 200 when a converter returns %s, which JSON cannot hold',
    async (_name, output) => {
      const app = createApp({
        allowUnauthenticated: true,
        scheme: schemeReturning(output),
        log: () => {},
      })
      const response = await app.request('/convert', postJson(widgetReview()))
      const answer = (await response.json()) as {
        response: { result: { status: string; message: string } }
      }
      expect(response.status).toBe(200)
      expect(answer.response.result.status).toBe('Failed')
      expect(answer.response.result.message).toContain('cannot be written as JSON')
    }
  )

  it('still converts with a converter that returns plain JSON', async () => {
    const app = createApp({
      allowUnauthenticated: true,
      scheme: schemeReturning((object) => object),
      log: () => {},
    })
    const response = await app.request('/convert', postJson(widgetReview()))
    const answer = (await response.json()) as { response: { result: { status: string } } }
    expect(answer.response.result.status).toBe('Success')
  })

  it('writes a BigInt a converter returns as its exact digits', async () => {
    const output = (object: Record<string, unknown>) => ({ ...object, size: 2n ** 63n - 1n })
    const app = createApp({
      allowUnauthenticated: true,
      scheme: schemeReturning(output),
      log: () => {},
    })
    const response = await app.request('/convert', postJson(widgetReview()))
    expect(await response.text()).toContain('"size":9223372036854775807')
  })

  const cycle = (object: Record<string, unknown>) => {
    const spec: Record<string, unknown> = {}
    spec['self'] = spec
    return { ...object, spec }
  }
  const deep = (depth: number): unknown => (depth === 0 ? 'x' : [deep(depth - 1)])
  it.each([
    ['a cycle', cycle, 500, /nests more than 500 levels deep.*cycle/],
    [
      'an object deeper than the limit',
      (object: Record<string, unknown>) => ({ ...object, spec: deep(30) }),
      20,
      /^Widget ns\/w, .*: the converted object nests more than 20 levels deep, this webhook's limit \(set CONVERT_MAX_DEPTH/,
    ],
  ])(
    'fails the review with 200 when a converter returns %s',
    async (_name, output, maxDepth, message) => {
      const app = createApp({
        allowUnauthenticated: true,
        scheme: schemeReturning(output),
        maxDepth,
        log: () => {},
      })
      const response = await app.request('/convert', postJson(widgetReview()))
      const answer = (await response.json()) as {
        response: { result: { status: string; message: string } }
      }
      expect(response.status).toBe(200)
      expect(answer.response.result.status).toBe('Failed')
      expect(answer.response.result.message).toMatch(message)
    }
  )
})
