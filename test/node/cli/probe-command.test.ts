import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../../packages/webhook/src/http/index.ts'
import {
  startNodeServer,
  type RunningServer,
} from '../../../packages/webhook/src/platform/node/index.ts'
import { exampleScheme } from '../../../examples/index.ts'
import type { Scheme } from '../../../packages/webhook/src/scheme/index.ts'
import { scheme as brokenLabelScheme } from './fixtures/broken-label-scheme.ts'
import staleScheme from './fixtures/stale-scheme.ts'
import { makeSelfSignedCertificate } from '../../support/self-signed-certificate.ts'
import { crdconv } from './run-cli.ts'

const quiet = () => {}

interface Review {
  apiVersion: string
  response: { uid: string; convertedObjects: { metadata: { labels?: unknown } }[] }
}
const servers: RunningServer[] = []

async function serve(app: Hono, tls?: { cert: string; key: string }): Promise<string> {
  const server = await startNodeServer({
    app,
    port: 0,
    hostname: '127.0.0.1',
    ...(tls === undefined ? {} : { tls }),
  })
  servers.push(server)
  return `${server.url}/convert`
}

const serveScheme = (scheme: Scheme) =>
  serve(createApp({ allowUnauthenticated: true, scheme, log: quiet }))

/** A webhook that answers through crdconv, then spoils each answer with `spoil`. */
function spoiledApp(spoil: (answer: Review) => void): Hono {
  const inner = createApp({ allowUnauthenticated: true, scheme: exampleScheme, log: quiet })
  return new Hono().post('/convert', async (c) => {
    const answer = await inner.request('/convert', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: await c.req.text(),
    })
    const body = (await answer.json()) as Review
    spoil(body)
    return c.json(body)
  })
}

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()))
})

describe('crdconv probe', () => {
  it('reports every version pair as answered correctly by a good webhook, over local http', async () => {
    const url = await serveScheme(exampleScheme)
    const run = await crdconv(['probe', '--url', url])
    expect(run.code).toBe(0)
    expect(run.stderr).toContain('warning: plain http')
    expect(run.stdout).toMatch(
      /ok {4}crontabs\.example\.com v1beta1 → v1 \(ConversionReview v1, 2 objects/
    )
    expect(run.stdout).toMatch(/ok {4}crontabs\.example\.com v1 → v1beta1 \(ConversionReview v1,/)
    expect(run.stdout).toMatch(
      /ok {4}crontabs\.example\.com v1beta1 → v1 \(ConversionReview v1beta1,/
    )
    expect(run.stdout).toMatch(/ok {4}backups\.example\.com v1 → v1alpha1 \(ConversionReview v1,/)
    expect(run.stdout).toMatch(/all \d+ reviews answered correctly/)
  })

  it('fails with a readable report when the deployed converter breaks a rule', async () => {
    const url = await serveScheme(brokenLabelScheme)
    const run = await crdconv(['probe', '--url', url, '--resource', 'ct'])
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('FAIL  crontabs.example.com v1beta1 → v1')
    expect(run.stdout).toContain('the webhook answered "Failed"')
    expect(run.stdout).toContain('metadata.labels key "not a label!"')
    expect(run.stdout).toMatch(/ok {4}crontabs\.example\.com v1 → v1beta1/)
    expect(run.stdout).toContain('2 of 3 reviews answered wrong')
  })

  it.each<[string, (answer: Review) => void, string]>([
    [
      'dropped labels',
      (answer) => {
        for (const object of answer.response.convertedObjects) delete object.metadata.labels
      },
      'convertedObjects[0]: metadata.labels was dropped',
    ],
    ['a changed uid', (answer) => void (answer.response.uid = 'other'), 'response.uid is "other"'],
    [
      'objects out of order',
      (answer) => answer.response.convertedObjects.reverse(),
      'metadata.name changed',
    ],
    [
      'another review version',
      (answer) => void (answer.apiVersion = 'apiextensions.k8s.io/v1beta1'),
      'expected apiextensions.k8s.io/v1 (the one sent)',
    ],
  ])('checks the answer with the API server’s rules: %s', async (_name, spoil, problem) => {
    const url = await serve(spoiledApp(spoil))
    const run = await crdconv(['probe', '--url', url])
    expect(run.code).toBe(1)
    expect(run.stdout).toContain(problem)
  })

  it('notices a deployment whose converters differ from the local ones', async () => {
    const url = await serveScheme(staleScheme)
    const run = await crdconv(['probe', '--url', url])
    expect(run.code).toBe(1)
    expect(run.stdout).toContain(
      "the answer differs from the local converters' at convertedObjects[1].host: is the deployment current?"
    )
  })

  it('reports a webhook that does not answer', async () => {
    const url = await serveScheme(exampleScheme)
    await servers.pop()?.close()
    const run = await crdconv(['probe', '--url', url, '--timeout', '5'])
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('no answer: connect ECONNREFUSED')
  })

  it.each([
    [['probe', '--url', 'http://crontab.example.com/convert'], 'https (http only for localhost)'],
    [['probe', '--url', 'https://example.com/convert?x=1'], 'must not have a query'],
    [
      ['probe', '--url', 'https://example.com/convert', '--timeout', '0'],
      'positive number of seconds',
    ],
  ])('exits 2 on bad usage: %j', async (argv, message) => {
    const run = await crdconv(argv)
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(message)
  })

  describe('over https', () => {
    let url = ''
    let caBundle = ''

    beforeAll(async () => {
      const { cert, key } = makeSelfSignedCertificate()
      caBundle = join(mkdtempSync(join(tmpdir(), 'crdconv-ca-')), 'ca.pem')
      writeFileSync(caBundle, cert)
      url = await serve(
        createApp({ allowUnauthenticated: true, scheme: exampleScheme, log: quiet }),
        { cert, key }
      )
    })

    it('trusts a self-signed webhook with --ca-bundle', async () => {
      const run = await crdconv([
        'probe',
        '--url',
        url,
        '--resource',
        'ct',
        '--ca-bundle',
        caBundle,
        '--no-token',
      ])
      expect(run).toMatchObject({ code: 0, stderr: '' })
      expect(run.stdout).toContain('all 3 reviews answered correctly')
    })

    it('refuses it without --ca-bundle, as the API server would', async () => {
      const run = await crdconv(['probe', '--url', url])
      expect(run.code).toBe(1)
      expect(run.stdout).toContain('no answer: self-signed certificate')
    })
  })
})
