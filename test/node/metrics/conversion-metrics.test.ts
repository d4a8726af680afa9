import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { createApp, type AppOptions } from '../../../packages/webhook/src/http/index.ts'
import { createConversionMetrics } from '../../../packages/webhook/src/metrics/index.ts'
import { exampleScheme } from '../../../examples/index.ts'
import { prometheusTool } from '../../support/cached-tools.ts'
import { postJson, TOKEN } from '../../support/hardening-fixtures.ts'
import { schemeConvertingWith } from '../../support/resource-factory.ts'
import { conversionReview, cronTabV1, cronTabV1beta1 } from '../../support/review-factory.ts'

function metricsApp(options: Partial<AppOptions> = {}) {
  const scheme = options.scheme ?? exampleScheme
  const metrics = createConversionMetrics(scheme)
  const app = createApp({
    allowUnauthenticated: true,
    scheme,
    log: () => {},
    observe: metrics.observe,
    ...options,
  })
  const convert = (body: unknown, path = '/convert') => app.request(path, postJson(body))
  /** The value of one series of the Prometheus text, by its exact name and labels. */
  const value = (series: string) => {
    const line = metrics
      .prometheusText()
      .split('\n')
      .find((candidate) => candidate.startsWith(`${series} `))
    return line === undefined ? undefined : Number(line.slice(series.length + 1))
  }
  return { metrics, app, convert, value }
}

const CRONTAB = 'group="example.com",kind="CronTab",crd_name="crontabs.example.com"'
const pair = (from: string, to: string) => `${CRONTAB},from_version="${from}",to_version="${to}"`

describe('conversion metrics', () => {
  it('count a review, its objects and its latency by CRD and version pair', async () => {
    const { convert, value } = metricsApp()
    const objects = [cronTabV1beta1({ name: 'a' }), cronTabV1beta1({ name: 'b' }), cronTabV1()]
    await convert(conversionReview({ objects, desiredAPIVersion: 'example.com/v1' }))

    const upgrade = pair('v1beta1', 'v1')
    expect(value(`crdconv_reviews_total{${upgrade},outcome="Success"}`)).toBe(1)
    expect(value(`crdconv_reviews_total{${upgrade},outcome="Failed"}`)).toBe(0)
    expect(value(`crdconv_objects_converted_total{${upgrade}}`)).toBe(2)
    expect(value(`crdconv_objects_converted_total{${pair('v1', 'v1')}}`)).toBe(1)
    expect(value(`crdconv_review_duration_seconds_count{${upgrade}}`)).toBe(1)
    expect(value(`crdconv_review_duration_seconds_bucket{${upgrade},le="+Inf"}`)).toBe(1)
    expect(value(`crdconv_converter_duration_seconds_count{${upgrade}}`)).toBe(1)
    expect(value(`crdconv_review_duration_seconds_sum{${upgrade}}`)).toBeGreaterThan(0)
  })

  it('start every pair the scheme serves at zero, so a rate reads 0 before the first review', () => {
    const { value } = metricsApp()
    for (const [from, to] of [
      ['v1beta1', 'v1'],
      ['v1', 'v1beta1'],
    ]) {
      expect(value(`crdconv_reviews_total{${pair(from!, to!)},outcome="Success"}`)).toBe(0)
      expect(
        value(`crdconv_conversion_failures_total{${pair(from!, to!)},reason="converter_error"}`)
      ).toBe(0)
    }
  })

  describe('failures, by reason', () => {
    it('converter_error: a converter that throws', async () => {
      const { convert, value } = metricsApp()
      const objects = [cronTabV1beta1({ hostPort: 'nope' }), cronTabV1beta1({ name: 'ok' })]
      await convert(conversionReview({ objects, desiredAPIVersion: 'example.com/v1' }))
      const upgrade = pair('v1beta1', 'v1')
      expect(value(`crdconv_reviews_total{${upgrade},outcome="Failed"}`)).toBe(1)
      expect(value(`crdconv_conversion_failures_total{${upgrade},reason="converter_error"}`)).toBe(
        1
      )
      expect(value(`crdconv_objects_converted_total{${upgrade}}`)).toBe(0)
    })

    it('answer_refused: an answer the API server would reject', async () => {
      const scheme = schemeConvertingWith((o) => ({
        ...o,
        metadata: { labels: { origin: 'v'.repeat(64) } },
      }))
      const { convert, value } = metricsApp({ scheme })
      const object = { apiVersion: 'test.example.com/v1', kind: 'Probe', metadata: { name: 'l' } }
      await convert(
        conversionReview({ objects: [object], desiredAPIVersion: 'test.example.com/v2' })
      )
      const labels =
        'group="test.example.com",kind="Probe",crd_name="probes.test.example.com",from_version="v1",to_version="v2"'
      expect(value(`crdconv_conversion_failures_total{${labels},reason="answer_refused"}`)).toBe(1)
      expect(value(`crdconv_conversion_failures_total{${labels},reason="converter_error"}`)).toBe(0)
    })

    it('limit: a review past the object limit counts each of its objects', async () => {
      const { convert, value } = metricsApp({ maxObjects: 2 })
      const objects = [1, 2, 3].map((n) => cronTabV1beta1({ name: `o${n}` }))
      await convert(conversionReview({ objects, desiredAPIVersion: 'example.com/v1' }))
      const upgrade = pair('v1beta1', 'v1')
      expect(value(`crdconv_conversion_failures_total{${upgrade},reason="limit"}`)).toBe(3)
      expect(value(`crdconv_reviews_total{${upgrade},outcome="Failed"}`)).toBe(1)
    })
  })

  it('count requests refused before any conversion, by reason', async () => {
    const { app, convert, value } = metricsApp()
    await convert('not json')
    await app.request('/convert', { method: 'GET' })
    await app.request('/convert', { method: 'POST', body: '{}' })
    const tooLarge = metricsApp({ maxBodyBytes: 10 })
    await tooLarge.convert(conversionReview())

    expect(value('crdconv_bad_requests_total{reason="invalid_review"}')).toBe(1)
    expect(value('crdconv_bad_requests_total{reason="wrong_method"}')).toBe(1)
    expect(value('crdconv_bad_requests_total{reason="wrong_content_type"}')).toBe(1)
    expect(tooLarge.value('crdconv_bad_requests_total{reason="body_too_large"}')).toBe(1)
  })

  it('count a missing or wrong path token when tokens are set, and a plain wrong path when none are', async () => {
    const guarded = metricsApp({ tokens: [TOKEN] })
    await guarded.convert(conversionReview(), '/convert')
    await guarded.convert(conversionReview(), `/convert/${'x'.repeat(48)}`)
    await guarded.convert(conversionReview(), `/convert/${TOKEN}`)
    expect(guarded.value('crdconv_wrong_token_requests_total')).toBe(2)
    expect(guarded.value(`crdconv_reviews_total{${pair('v1beta1', 'v1')},outcome="Success"}`)).toBe(
      1
    )

    const open = metricsApp()
    await open.convert(conversionReview(), `/convert/${'x'.repeat(48)}`)
    expect(open.value('crdconv_wrong_token_requests_total')).toBe(0)
  })

  it('collapse kinds, groups and versions not served to "unknown", and never name an object', async () => {
    const { convert, metrics } = metricsApp()
    const before = metrics.prometheusText().split('\n').length
    for (let n = 0; n < 20; n++) {
      const stranger = {
        apiVersion: `hostile-${n}.example.com/v${n}`,
        kind: `Stranger${n}`,
        metadata: { name: `secret-name-${n}`, namespace: `secret-namespace-${n}` },
      }
      const wrongVersion = cronTabV1beta1({ name: `secret-name-${n}` })
      wrongVersion['apiVersion'] = `example.com/v${n}zzz`
      await convert(conversionReview({ objects: [stranger], desiredAPIVersion: `x.io/v${n}` }))
      await convert(
        conversionReview({ objects: [wrongVersion], desiredAPIVersion: 'example.com/v1' })
      )
    }
    const text = metrics.prometheusText()
    expect(text).not.toMatch(/hostile|Stranger|secret-|zzz|x\.io/)
    // one series set for unknown resources, one for CronTab's unknown version: a bound, not 20
    expect(text.split('\n').length - before).toBeLessThan(200)
    expect(text).toContain(
      'crdconv_reviews_total{group="unknown",kind="unknown",crd_name="unknown",from_version="unknown",to_version="unknown",outcome="Failed"} 20'
    )
    expect(text).toContain(`crdconv_reviews_total{${pair('unknown', 'v1')},outcome="Failed"} 20`)
  })

  const promtool = prometheusTool('promtool')
  it.skipIf('skip' in promtool)(
    'write text that promtool check metrics accepts, names and help included',
    async () => {
      const { convert, metrics } = metricsApp()
      await convert(conversionReview({ objects: [cronTabV1beta1()] }))
      await convert('not json')
      const path = 'path' in promtool ? promtool.path : ''
      // throws on a non-zero exit: a syntax error or a lint finding (names, units, help)
      const findings = execFileSync(path, ['check', 'metrics'], {
        input: metrics.prometheusText(),
        encoding: 'utf8',
      })
      expect(findings).toBe('')
    }
  )
})
