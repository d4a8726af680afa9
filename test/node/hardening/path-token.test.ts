import { describe, expect, it, vi } from 'vitest'
import { createApp, readSettings, SettingsError } from '../../../packages/webhook/src/http/index.ts'
import { encodeTokens, matchesAnyToken } from '../../../packages/webhook/src/http/path-token.ts'
import { exampleScheme } from '../../../examples/index.ts'
import { NEXT_TOKEN, postJson, reviewRequest, TOKEN } from '../../support/hardening-fixtures.ts'
import { conversionReview, cronTabV1beta1 } from '../../support/review-factory.ts'

describe('matchesAnyToken', () => {
  const tokens = encodeTokens([TOKEN, NEXT_TOKEN])

  it('accepts either token exactly', () => {
    expect(matchesAnyToken(TOKEN, tokens)).toBe(true)
    expect(matchesAnyToken(NEXT_TOKEN, tokens)).toBe(true)
  })

  it.each([
    ['empty', ''],
    ['a prefix', TOKEN.slice(0, -1)],
    ['one byte more', `${TOKEN}a`],
    ['one byte changed', `${TOKEN.slice(0, -1)}0`],
    ['both joined', TOKEN + NEXT_TOKEN],
    ['the same length in other characters', 'é'.repeat(TOKEN.length / 2)],
  ])('refuses %s', (_name, candidate) => {
    expect(matchesAnyToken(candidate, tokens)).toBe(false)
  })
})

describe('path token', () => {
  const app = createApp({ scheme: exampleScheme, tokens: [TOKEN, NEXT_TOKEN], log: () => {} })
  const notFound = async (response: Response) => ({
    status: response.status,
    body: await response.text(),
    headers: [...response.headers.keys()].sort(),
  })

  it.each([
    ['the current token', TOKEN],
    ['the next token, during a rotation', NEXT_TOKEN],
  ])('converts at /convert/<token> with %s', async (_name, token) => {
    const response = await app.request(`/convert/${token}?timeout=30s`, reviewRequest())
    expect(response.status).toBe(200)
    expect(((await response.json()) as { response: { result: unknown } }).response.result).toEqual({
      status: 'Success',
    })
  })

  it.each([
    ['no token', '/convert'],
    ['a wrong token', `/convert/${TOKEN.slice(0, -1)}x`],
    ['a token prefix', `/convert/${TOKEN.slice(0, 10)}`],
    ['an empty token', '/convert/'],
    ['a token with more path after it', `/convert/${TOKEN}/x`],
  ])('answers %s with the same 404 as an unknown path', async (_name, path) => {
    const unknown = await notFound(await app.request('/nothing-here', reviewRequest()))
    for (const init of [
      reviewRequest(),
      { method: 'GET' },
      { ...reviewRequest(), method: 'PUT' },
    ]) {
      const response = await app.request(path, init)
      expect(await notFound(response)).toEqual(unknown)
    }
    expect(unknown.status).toBe(404)
  })

  it('answers other methods with 405 only once the token is right', async () => {
    const response = await app.request(`/convert/${TOKEN}`, { method: 'GET' })
    expect(response.status).toBe(405)
  })

  it('serves /convert when no token is set and it is opened on purpose, and nothing below it', async () => {
    const open = createApp({ allowUnauthenticated: true, scheme: exampleScheme, log: () => {} })
    expect((await open.request('/convert', reviewRequest())).status).toBe(200)
    expect((await open.request(`/convert/${TOKEN}`, reviewRequest())).status).toBe(404)
  })

  it('never writes a token into the log, the console or the answer headers', async () => {
    const lines: string[] = []
    const spies = (['log', 'error', 'warn', 'info', 'debug'] as const).map((method) =>
      vi.spyOn(console, method).mockImplementation((...args) => void lines.push(args.join(' ')))
    )
    try {
      const logged = createApp({
        scheme: exampleScheme,
        tokens: [TOKEN, NEXT_TOKEN],
        log: (entry) => lines.push(JSON.stringify(entry)),
      })
      const objects = [cronTabV1beta1({ hostPort: 'broken' })]
      const responses = await Promise.all([
        logged.request(`/convert/${TOKEN}`, reviewRequest()),
        logged.request(`/convert/${NEXT_TOKEN}`, postJson(conversionReview({ objects }))),
        logged.request(`/convert/${TOKEN}`, postJson('{not json')),
        logged.request(`/convert/${TOKEN}x`, reviewRequest()),
        logged.request(`/convert/${TOKEN}`, { method: 'DELETE' }),
      ])
      const headers = responses.flatMap((response) => [...response.headers].flat())
      expect(lines.length).toBeGreaterThanOrEqual(3)
      for (const text of [...lines, ...headers]) {
        expect(text).not.toContain(TOKEN.slice(16))
        expect(text).not.toContain(NEXT_TOKEN.slice(16))
      }
    } finally {
      spies.forEach((spy) => spy.mockRestore())
    }
  })
})

describe('token settings', () => {
  it('reads CONVERT_TOKEN and CONVERT_TOKEN_NEXT, leaving out unset ones', () => {
    expect(readSettings({ CONVERT_TOKEN: TOKEN, CONVERT_TOKEN_NEXT: NEXT_TOKEN }).tokens).toEqual([
      TOKEN,
      NEXT_TOKEN,
    ])
    expect(readSettings({ CONVERT_TOKEN_NEXT: NEXT_TOKEN }).tokens).toEqual([NEXT_TOKEN])
    expect(readSettings({}).tokens).toBeUndefined()
  })

  it.each([
    ['CONVERT_TOKEN', ''],
    ['CONVERT_TOKEN', ' \t '],
    ['CONVERT_TOKEN_NEXT', ''],
  ])('reads %s set to %j as unset: no token, so /convert stays closed', (name, value) => {
    expect(readSettings({ [name]: value }).tokens).toBeUndefined()
    const other = name === 'CONVERT_TOKEN' ? 'CONVERT_TOKEN_NEXT' : 'CONVERT_TOKEN'
    expect(readSettings({ [other]: TOKEN, [name]: value }).tokens).toEqual([TOKEN])
  })

  it.each([
    ['short', 'abc123', /at least 32 characters/],
    ['holding a slash', `${TOKEN}/x`, /letters, digits/],
    ['holding a query', `${TOKEN}?x=1`, /letters, digits/],
    [
      'the placeholder of .dev.vars.example',
      'replace-with-the-output-of-openssl-rand-hex-32',
      /placeholder/,
    ],
    ['a placeholder', 'changeme-changeme-changeme-changeme', /placeholder/],
  ])('refuses a token that is %s, without quoting it', (_name, token, message) => {
    const read = () => readSettings({ CONVERT_TOKEN: token })
    expect(read).toThrow(SettingsError)
    expect(read).toThrow(message)
    expect(read).not.toThrow(token)
    expect(() => createApp({ scheme: exampleScheme, tokens: [token] })).toThrow(SettingsError)
  })
})
