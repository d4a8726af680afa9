import { describe, expect, it } from 'vitest'
import { nodeServer } from '../../../packages/webhook/src/platform/node/index.ts'
import { SettingsError } from '../../../packages/webhook/src/http/index.ts'
import { exampleScheme } from '../../../examples/index.ts'
import { postJson, TOKEN } from '../../support/hardening-fixtures.ts'
import { conversionReview, cronTabV1beta1 } from '../../support/review-factory.ts'

const quiet = { port: 0, log: () => {}, environment: {}, allowUnauthenticated: true }
const upgraded =
  'crdconv_objects_converted_total{group="example.com",kind="CronTab",crd_name="crontabs.example.com",from_version="v1beta1",to_version="v1"}'

describe('the Node server’s /metrics', () => {
  it('serves Prometheus text that counts the reviews the server answered', async () => {
    const server = await nodeServer(exampleScheme, quiet)
    try {
      const objects = [cronTabV1beta1({ name: 'a' }), cronTabV1beta1({ name: 'b' })]
      await fetch(`${server.url}/convert`, postJson(conversionReview({ objects })))
      const response = await fetch(`${server.url}/metrics`)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8')
      expect(await response.text()).toContain(`${upgraded} 2\n`)
    } finally {
      await server.close()
    }
  })

  it('with CONVERT_METRICS=token, answers only a bearer token that is a path token', async () => {
    const environment = { CONVERT_METRICS: 'token' }
    const server = await nodeServer(exampleScheme, { ...quiet, tokens: [TOKEN], environment })
    try {
      const read = (authorization?: string) =>
        fetch(`${server.url}/metrics`, authorization ? { headers: { authorization } } : {})
      expect((await read()).status).toBe(401)
      expect((await read(`Bearer ${'z'.repeat(48)}`)).status).toBe(401)
      expect((await read(TOKEN)).status).toBe(401)
      const allowed = await read(`Bearer ${TOKEN}`)
      expect(allowed.status).toBe(200)
      expect(await allowed.text()).toContain('crdconv_reviews_total{')
    } finally {
      await server.close()
    }
  })

  it('with a path token and no CONVERT_METRICS, answers only the token as a bearer token; CONVERT_METRICS=open opens it', async () => {
    const closed = await nodeServer(exampleScheme, { ...quiet, tokens: [TOKEN] })
    const open = await nodeServer(exampleScheme, {
      ...quiet,
      tokens: [TOKEN],
      environment: { CONVERT_METRICS: 'open' },
    })
    try {
      expect((await fetch(`${closed.url}/metrics`)).status).toBe(401)
      const bearer = { headers: { authorization: `Bearer ${TOKEN}` } }
      expect((await fetch(`${closed.url}/metrics`, bearer)).status).toBe(200)
      expect((await fetch(`${open.url}/metrics`)).status).toBe(200)
    } finally {
      await Promise.all([closed.close(), open.close()])
    }
  })

  it('with CONVERT_METRICS=off, has no /metrics', async () => {
    const server = await nodeServer(exampleScheme, {
      ...quiet,
      environment: { CONVERT_METRICS: 'off' },
    })
    try {
      expect((await fetch(`${server.url}/metrics`)).status).toBe(404)
    } finally {
      await server.close()
    }
  })

  it.each([
    [{ CONVERT_METRICS: 'token' }, /CONVERT_METRICS=token needs a path token/],
    [
      { CONVERT_METRICS: 'public' },
      /CONVERT_METRICS must be one of open, token, off, got "public"/,
    ],
  ])('refuses %o at start-up, like every setting', (environment, message) => {
    const start = () => nodeServer(exampleScheme, { ...quiet, environment })
    expect(start).toThrow(SettingsError)
    expect(start).toThrow(message)
  })
})
