import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { suggestedCommands } from '../../../packages/crdconv/src/command-io/index.ts'
import { webhookStatusLines } from '../../../packages/crdconv/src/webhook-health/webhook-status-lines.ts'
import { conversionMetrics } from '../../../packages/crdconv/src/webhook-health/api-server-metrics.ts'
import {
  releaseMinor,
  webhookCostReport,
} from '../../../packages/crdconv/src/webhook-health/webhook-cost-report.ts'
import {
  failureState,
  webhookHealth,
  type HealthInput,
} from '../../../packages/crdconv/src/webhook-health/webhook-health.ts'
import {
  metricsRoundTripMs,
  type WebhookRoundTrip,
} from '../../../packages/crdconv/src/webhook-health/webhook-round-trip.ts'

// as each release prints them (captured from v1.20.2 and v1.37.2)
const METRICS = `
# TYPE apiserver_crd_webhook_conversion_duration_seconds histogram
apiserver_crd_webhook_conversion_duration_seconds_bucket{crd_name="crontabs.example.com",from_version="v1beta1",succeeded="true",to_version="v1",le="0.005"} 6
apiserver_crd_webhook_conversion_duration_seconds_sum{crd_name="crontabs.example.com",from_version="v1beta1",succeeded="true",to_version="v1"} 0.12
apiserver_crd_webhook_conversion_duration_seconds_count{crd_name="crontabs.example.com",from_version="v1beta1",succeeded="true",to_version="v1"} 6
apiserver_crd_conversion_webhook_duration_seconds_sum{crd_name="crontabs.example.com",from_version="v1",succeeded="true",to_version="v1beta1"} 0.08
apiserver_crd_conversion_webhook_duration_seconds_count{crd_name="crontabs.example.com",from_version="v1",succeeded="true",to_version="v1beta1"} 4
apiserver_crd_conversion_webhook_duration_seconds_sum{crd_name="crontabs.example.com",from_version="v1",succeeded="false",to_version="v1beta1"} 30
apiserver_crd_conversion_webhook_duration_seconds_count{crd_name="crontabs.example.com",from_version="v1",succeeded="false",to_version="v1beta1"} 1
apiserver_crd_conversion_webhook_duration_seconds_sum{crd_name="backups.example.com",from_version="v1",succeeded="true",to_version="v2"} 9
apiserver_crd_conversion_webhook_duration_seconds_count{crd_name="backups.example.com",from_version="v1",succeeded="true",to_version="v2"} 9
`

describe("the API server's conversion histogram", () => {
  it("adds up both releases' names over every version pair of the CRD, successful calls only", () => {
    expect(conversionMetrics(METRICS, 'crontabs.example.com')).toEqual({ seconds: 0.2, calls: 10 })
    expect(conversionMetrics(METRICS, 'other.example.com')).toBeUndefined()
  })

  it.each([
    ['the calls between two readings', { seconds: 1, calls: 10 }, { seconds: 1.5, calls: 20 }, 50],
    ['no reading before: all since start', undefined, { seconds: 0.2, calls: 4 }, 50],
    ['no call in between', { seconds: 1, calls: 10 }, { seconds: 1, calls: 10 }, undefined],
    ['no reading after', { seconds: 1, calls: 10 }, undefined, undefined],
  ] as const)('gives the mean round trip of %s', (_case, before, after, ms) => {
    const mean = metricsRoundTripMs(before, after)
    if (ms === undefined) expect(mean).toBeUndefined()
    else expect(mean).toBeCloseTo(ms, 6)
  })
})

describe('failureState', () => {
  it.each([
    [
      'Post "https://127.0.0.1:1/convert?timeout=30s": dial tcp 127.0.0.1:1: connect: connection refused',
      'down',
    ],
    ['Post "https://hook.invalid/convert": dial tcp: lookup hook.invalid: no such host', 'down'],
    ['Post "https://x/convert": context deadline exceeded (Client.Timeout exceeded)', 'down'],
    ['Post "https://x/convert": x509: certificate signed by unknown authority', 'down'],
    ['conversion webhook for example.com/v1, Kind=CronTab failed: broken on purpose', 'erroring'],
    [
      'failed: an error on the server ("connection refused upstream") has prevented the request from succeeding',
      'erroring',
    ],
  ])('%s: %s', (message, state) => {
    expect(failureState(message)).toBe(state)
  })
})

const trip = (ms: number): WebhookRoundTrip => ({
  ms,
  source: 'metrics',
  probe: 'get',
  version: 'v1',
  samples: 7,
})
const input = (changes: Partial<HealthInput>): HealthInput => ({
  measured: trip(10),
  slowMs: 100,
  storage: 'v1beta1',
  otherServed: ['v1'],
  url: 'https://hook.example/convert',
  storedObjects: 500,
  ...changes,
})

describe('webhookHealth', () => {
  it.each([
    ['fast', input({}), 'ok', undefined],
    ['slower than --slow-ms', input({ measured: trip(150) }), 'slow', 'crdconv serve'],
    [
      'refused',
      input({ measured: { version: 'v1', message: 'dial tcp: connect: connection refused' } }),
      'down',
      "crdconv crd --url 'https://<your-webhook>/convert' | kubectl apply -f -",
    ],
    [
      'failing its dry-run check',
      input({ measured: undefined, failedCheck: { version: 'v1', message: 'broken' } }),
      'erroring',
      'redeploy a working webhook',
    ],
  ] as const)('a webhook %s is %s, with the fix', (_case, facts, state, fix) => {
    const health = webhookHealth(facts)
    expect(health.state).toBe(state)
    if (fix === undefined) expect(health.fix).toBeUndefined()
    else expect(health.fix).toContain(fix)
  })

  it('names the versions that fail and the one that keeps working', () => {
    const health = webhookHealth(
      input({ measured: { version: 'v1', message: 'connect: connection refused' } })
    )
    expect(health.message).toBe(
      'the webhook is down: the API server cannot reach https://hook.example/convert (connect: connection refused)'
    )
    expect(health.affected).toMatch(
      /^failing: GET, create, update, patch and delete at v1, .*working: everything at v1beta1/
    )
  })

  it('offers crdconv retire when the storage version is the only one served', () => {
    const health = webhookHealth(
      input({ otherServed: [], measured: { version: 'v1', message: 'connection refused' } })
    )
    expect(health.fix).toContain('crdconv retire | kubectl apply -f -')
  })

  it('words its commands for the scheme and cluster the user named, kubectl at the same context', () => {
    const health = webhookHealth({
      ...input({ otherServed: [], measured: { version: 'v1', message: 'connection refused' } }),
      commands: suggestedCommands({ scheme: 'src/scheme.ts', context: 'prod' }),
    })
    expect(health.fix).toContain(
      'crdconv retire --scheme src/scheme.ts --context prod | kubectl --context prod apply -f -'
    )
    expect(health.fix).not.toMatch(/--scheme S\b|--url URL/)
  })
})

describe('webhookCostReport', () => {
  const report = (
    changes: { storedVersions?: string[]; serverVersion?: string | undefined } = {}
  ) =>
    webhookCostReport({
      serverVersion: 'serverVersion' in changes ? changes.serverVersion : 'v1.37.2',
      roundTrip: trip(69.8),
      storedObjects: 40,
      storage: 'v1beta1',
      storedVersions: changes.storedVersions ?? ['v1beta1'],
      otherServed: ['v1'],
    })

  it('says all objects are at the storage version only when storedVersions holds it alone', () => {
    expect(report().storedAt).toBe('all 40 at v1beta1')
    expect(report({ storedVersions: ['v1beta1', 'v1'] }).storedAt).toMatch(
      /^40 at v1beta1 or v1 \(status.storedVersions; the API does not say how many at each/
    )
  })

  it.each([
    ['v1.20.2', 20],
    ['v1.37.2', 37],
    ['v1.31.0-gke.1', 31],
    ['unknown', undefined],
  ])('reads release %s as minor %s', (version, minor) => {
    expect(releaseMinor(version)).toBe(minor)
  })

  it('predicts for the newest release it knows when the API server does not say', () => {
    expect(report({ serverVersion: undefined }).cost).toEqual(report().cost)
  })

  it.each([
    ['v1.20.2', 'every LIST at v1 reads etcd through the webhook: 1 review one after another'],
    ['v1.37.2', '(3 s wait, then from etcd: 1 review one after another'],
  ])('counts one stored object and one sample in words that read right on %s', (version, says) => {
    const cost = webhookCostReport({
      serverVersion: version,
      roundTrip: { ...trip(20), samples: 1 },
      storedObjects: 1,
      storage: 'v1beta1',
      storedVersions: ['v1beta1'],
      otherServed: ['v1'],
    })
    const text = webhookStatusLines({ health: { state: 'ok', affectedVersions: [] }, cost }).join(
      '\n'
    )
    expect(text).toContain('1 sample,')
    expect(text).toContain('1 review per write')
    expect(text).toContain(says)
    expect(text).not.toMatch(/\b1 (samples|reviews|objects|writes)\b/)
  })

  it.each([
    ['operations.md', 69.8, 40],
    ['lifecycle.md', 22.4, 201],
  ] as const)('prints what docs/%s shows as an example', (page, ms, storedObjects) => {
    const cost = webhookCostReport({
      serverVersion: 'v1.37.2',
      roundTrip: trip(ms),
      storedObjects,
      storage: 'v1beta1',
      storedVersions: ['v1beta1'],
      otherServed: ['v1'],
    })
    const lines = webhookStatusLines({ health: { state: 'ok', affectedVersions: [] }, cost })
    expect(lines).toHaveLength(3)
    const doc = readFileSync(join(import.meta.dirname, '../../../docs', page), 'utf8')
    for (const line of lines) expect(doc).toContain(line)
  })
})
