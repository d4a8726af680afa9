import { describe, expect, it } from 'vitest'
import { createApp, logJsonLinesTo } from '../../../packages/webhook/src/http/index.ts'
import { ServerTiming } from '../../../packages/webhook/src/http/server-timing.ts'
import { exampleScheme } from '../../../examples/index.ts'

describe('ServerTiming', () => {
  it('lists each ended phase in order, then the total, in milliseconds to a tenth', () => {
    const timing = new ServerTiming(performance.now())
    timing.phaseEnded()
    timing.phaseEnded()
    timing.phaseEnded()
    expect(timing.header()).toMatch(
      /^parse;dur=\d+\.\d,convert;dur=\d+\.\d,write;dur=\d+\.\d,total;dur=\d+\.\d$/
    )
  })

  it('names only the phases that ended when a review stops early', () => {
    const timing = new ServerTiming(performance.now())
    timing.phaseEnded()
    expect(timing.header()).toMatch(/^parse;dur=\d+\.\d,total;dur=\d+\.\d$/)
  })
})

describe('routes without middleware', () => {
  const app = createApp({ allowUnauthenticated: true, scheme: exampleScheme, log: () => {} })

  it('answers a method other than GET on /healthz with 405 and Allow: GET, HEAD', async () => {
    const response = await app.request('/healthz', { method: 'POST' })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('GET, HEAD')
  })

  it('answers HEAD /healthz like GET', async () => {
    expect((await app.request('/healthz', { method: 'HEAD' })).status).toBe(200)
  })

  it('sends Server-Timing with the 415 for a body that is not JSON', async () => {
    const response = await app.request('/convert', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{}',
    })
    expect(response.status).toBe(415)
    expect(response.headers.get('server-timing')).toMatch(/^total;dur=/)
  })
})

describe('logJsonLinesTo', () => {
  it('writes each entry as one line of JSON through the given writer', async () => {
    const lines: string[] = []
    const app = createApp({
      allowUnauthenticated: true,
      scheme: exampleScheme,
      log: logJsonLinesTo((line) => lines.push(line)),
    })
    await app.request('/convert', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'not json',
    })
    expect(lines).toHaveLength(1)
    expect(JSON.parse(lines[0] as string)).toMatchObject({ status: 400, outcome: 'Invalid' })
    expect(lines[0]).not.toContain('\n')
  })
})
