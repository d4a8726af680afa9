import { createExecutionContext, env, SELF, waitOnExecutionContext } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import worker from '../../examples/worker.ts'
import { NEXT_TOKEN, reviewRequest, TOKEN } from '../support/hardening-fixtures.ts'
import { conversionReview, cronTabV1beta1 } from '../support/review-factory.ts'

/** The real Worker entry with its bindings (secrets and vars) set per call, as wrangler would. */
async function callWorker(path: string, init: RequestInit, bindings: Record<string, string>) {
  const context = createExecutionContext()
  const request = new Request(`https://crdconv.example${path}`, init)
  const response = await worker.fetch(request, { ...env, ...bindings }, context)
  await waitOnExecutionContext(context)
  return response
}

const withSource = (address: string, init: RequestInit = reviewRequest()): RequestInit => ({
  ...init,
  headers: { ...(init.headers as Record<string, string>), 'cf-connecting-ip': address },
})

describe('Worker hardening inside workerd', () => {
  const rotating = { CONVERT_TOKEN: TOKEN, CONVERT_TOKEN_NEXT: NEXT_TOKEN }

  it.each([TOKEN, NEXT_TOKEN])('converts at /convert/<token> with either secret', async (token) => {
    const response = await callWorker(`/convert/${token}`, reviewRequest(), rotating)
    expect(response.status).toBe(200)
    expect(response.headers.get('server-timing')).toContain('total;dur=')
  })

  it.each(['/convert', `/convert/${TOKEN}x`])(
    'answers %s with 404 once a token is set',
    async (path) => {
      expect((await callWorker(path, reviewRequest(), rotating)).status).toBe(404)
    }
  )

  it('serves /convert without a token when opened on purpose (vitest.config.ts sets CONVERT_ALLOW_UNAUTHENTICATED)', async () => {
    expect((await SELF.fetch('https://crdconv.example/convert', reviewRequest())).status).toBe(200)
  })

  it('answers 403 to a CF-Connecting-IP outside CONVERT_ALLOWED_SOURCES and converts inside it', async () => {
    const bindings = { CONVERT_ALLOWED_SOURCES: '203.0.113.0/24, 2001:db8::/32' }
    expect((await callWorker('/convert', withSource('198.51.100.7'), bindings)).status).toBe(403)
    expect((await callWorker('/convert', withSource('203.0.113.7'), bindings)).status).toBe(200)
    expect((await callWorker('/convert', withSource('2001:db8::1'), bindings)).status).toBe(200)
  })

  it('reads limits from the bindings: CONVERT_MAX_OBJECTS fails a bigger review with 200', async () => {
    const objects = [cronTabV1beta1({ name: 'a' }), cronTabV1beta1({ name: 'b' })]
    const init = { ...reviewRequest(), body: JSON.stringify(conversionReview({ objects })) }
    const response = await callWorker('/convert', init, { CONVERT_MAX_OBJECTS: '1' })
    const answer = (await response.json()) as { response: { result: { message: string } } }
    expect(response.status).toBe(200)
    expect(answer.response.result.message).toContain('CONVERT_MAX_OBJECTS')
  })

  it('fails an object nested 100,000 levels deep with 200, without overflowing the isolate stack', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000)
    const body = JSON.stringify(conversionReview({ objects: [cronTabV1beta1()] })).replace(
      '"spec":',
      `"deep":${deep},"spec":`
    )
    const response = await SELF.fetch('https://crdconv.example/convert', {
      ...reviewRequest(),
      body,
    })
    const answer = (await response.json()) as { response: { result: { message: string } } }
    expect(response.status).toBe(200)
    expect(answer.response.result.message).toContain('nested more than 500 levels deep')
  })

  // one isolate, one refusal log: the first refusal is a line, the next are counted into a later one
  it.each([
    [{}, 1],
    [{ CONVERT_TOKEN: '' }, 0],
    [{ CONVERT_TOKEN: '  ' }, 0],
  ])(
    'answers /convert with 503 saying why when no token is set and it is not opened (%j), logging %i lines',
    async (bindings, logged) => {
      const { CONVERT_ALLOW_UNAUTHENTICATED: _opened, ...closed } = env as Record<string, string>
      const lines: string[] = []
      vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line))
      const context = createExecutionContext()
      const request = new Request('https://crdconv.example/convert', reviewRequest())
      const response = await worker.fetch(request, { ...closed, ...bindings }, context)
      await waitOnExecutionContext(context)
      vi.restoreAllMocks()
      expect(response.status).toBe(503)
      const { error } = (await response.json()) as { error: string }
      expect(error).toContain('CONVERT_ALLOW_UNAUTHENTICATED=true')
      expect(lines.map((line) => JSON.parse(line) as { outcome: string })).toMatchObject(
        Array.from({ length: logged }, () => ({ outcome: 'Refused', status: 503 }))
      )
    }
  )

  it('logs a client that aborts mid-body as an aborted request, not an internal error', async () => {
    const lines: string[] = []
    const errors: unknown[] = []
    vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line))
    vi.spyOn(console, 'error').mockImplementation((line: unknown) => void errors.push(line))
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"apiVersion":'))
        controller.error(new Error('connection reset'))
      },
    })
    const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body }
    const response = await callWorker('/convert', { ...init, duplex: 'half' } as RequestInit, {})
    vi.restoreAllMocks()
    expect(response.status).toBe(400)
    expect(lines.map((line) => JSON.parse(line) as { outcome: string })).toMatchObject([
      { outcome: 'Aborted' },
    ])
    expect(errors).toEqual([])
  })

  it('answers a misconfigured secret with 500 and logs which variable, never its value', async () => {
    const errors: string[] = []
    vi.spyOn(console, 'error').mockImplementation((line: string) => void errors.push(line))
    const response = await callWorker('/convert/short', reviewRequest(), { CONVERT_TOKEN: 'short' })
    vi.restoreAllMocks()
    expect(response.status).toBe(500)
    expect(errors.join('\n')).toContain('CONVERT_TOKEN')
    expect(errors.join('\n')).not.toContain('short')
  })
})
