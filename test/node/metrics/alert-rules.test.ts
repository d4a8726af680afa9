// The chart's alerts, run by promtool against series that reproduce each case: they fire for the
// failing or slow pair, name it, and stay quiet for a healthy one and before their `for`.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { stringify } from 'yaml'
import {
  ALERT_RULES,
  ALERTS_FILE,
  type AlertRule,
} from '../../../packages/crdconv/src/init/index.ts'
import { clusterFiles } from '../../../packages/crdconv/src/init/cluster-files.ts'
import { prometheusTool } from '../../support/cached-tools.ts'

const promtool = prometheusTool('promtool')
const CRD = 'crontabs.example.com'
const failing = { crd_name: CRD, from_version: 'v1beta1', to_version: 'v1' }
const healthy = { crd_name: CRD, from_version: 'v1', to_version: 'v1beta1' }

const selector = (name: string, labels: Record<string, string>) =>
  `${name}{${Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .join(',')}}`

/** A histogram whose every observation lands between `slowBound` and the next bound. */
function histogramSeries(
  name: string,
  labels: Record<string, string>,
  bounds: readonly string[],
  slowBound: string,
  perMinute: number
) {
  const slowFrom = bounds.indexOf(slowBound)
  return bounds.map((le, index) => ({
    series: selector(`${name}_bucket`, { ...labels, le }),
    values: index >= slowFrom ? `0+${perMinute}x30` : '0x30',
  }))
}

const rule = (name: string) => ALERT_RULES.find((one) => one.alert === name) as AlertRule
/** The alert as Prometheus fires it: its labels, and its summary with the labels filled in. */
function firing(name: string, labels: Record<string, string>) {
  const { severity, summary } = rule(name)
  return {
    exp_labels: { severity, ...labels },
    exp_annotations: {
      summary: summary.replace(/\{\{ \$labels\.(\w+) \}\}/g, (_, key: string) => labels[key] ?? ''),
    },
  }
}

const cases = [
  {
    alert: 'CrdconvConversionsFailing',
    input_series: [
      {
        series: selector('crdconv_conversion_failures_total', {
          ...failing,
          reason: 'converter_error',
        }),
        values: '0+3x30',
      },
      {
        series: selector('crdconv_conversion_failures_total', {
          ...healthy,
          reason: 'converter_error',
        }),
        values: '0x30',
      },
    ],
    quietAt: '3m',
    firesAt: '15m',
    labels: { ...failing, reason: 'converter_error' },
  },
  {
    alert: 'CrdconvConversionLatencyNearTimeout',
    input_series: [
      ...histogramSeries(
        'crdconv_review_duration_seconds',
        failing,
        ['1', '10', '20', '30', '+Inf'],
        '20',
        10
      ),
      ...histogramSeries(
        'crdconv_review_duration_seconds',
        healthy,
        ['1', '10', '20', '30', '+Inf'],
        '1',
        10
      ),
    ],
    quietAt: '8m',
    firesAt: '20m',
    labels: failing,
  },
  {
    // v1.20's name of the API server's histogram
    alert: 'CrdconvApiServerConversionLatencyNearTimeout',
    input_series: [
      ...histogramSeries(
        'apiserver_crd_webhook_conversion_duration_seconds',
        { ...failing, succeeded: 'true' },
        ['1', '20', '25', '30', '+Inf'],
        '25',
        10
      ),
      ...histogramSeries(
        'apiserver_crd_webhook_conversion_duration_seconds',
        { ...healthy, succeeded: 'true' },
        ['1', '20', '25', '30', '+Inf'],
        '1',
        10
      ),
    ],
    quietAt: '8m',
    firesAt: '20m',
    labels: failing,
  },
  {
    // the current release's name
    alert: 'CrdconvApiServerConversionErrors',
    input_series: [
      {
        series: selector('apiserver_crd_conversion_webhook_duration_seconds_count', {
          ...failing,
          succeeded: 'false',
        }),
        values: '0+2x30',
      },
      {
        series: selector('apiserver_crd_conversion_webhook_duration_seconds_count', {
          ...healthy,
          succeeded: 'true',
        }),
        values: '0+50x30',
      },
    ],
    quietAt: '3m',
    firesAt: '15m',
    labels: failing,
  },
  {
    // the current release's consistent LISTs that read etcd: only a CRD whose conversions call a
    // webhook counts, not a built-in resource (pods) nor a CRD whose LISTs the cache serves
    alert: 'CrdconvApiServerListFallbacks',
    input_series: [
      ...[
        { group: 'example.com', resource: 'crontabs', fallback: 'true', values: '0+2x30' },
        { group: 'example.com', resource: 'backups', fallback: 'false', values: '0+20x30' },
        { group: '', resource: 'pods', fallback: 'true', values: '0+2x30' },
      ].map(({ values, ...labels }) => ({
        series: selector('apiserver_watch_cache_consistent_read_total', {
          ...labels,
          success: 'true',
        }),
        values,
      })),
      ...[CRD, 'backups.example.com'].map((crd_name) => ({
        series: selector('apiserver_crd_conversion_webhook_duration_seconds_count', {
          ...failing,
          crd_name,
          succeeded: 'true',
        }),
        values: '0+50x30',
      })),
    ],
    quietAt: '3m',
    firesAt: '15m',
    labels: { crd_name: CRD },
  },
]

describe.skipIf('skip' in promtool)('the chart’s alerts (promtool)', () => {
  const path = 'path' in promtool ? promtool.path : ''
  const directory = mkdtempSync(join(tmpdir(), 'crdconv-alerts-'))
  const alerts = clusterFiles('webhook')[ALERTS_FILE] as string
  writeFileSync(join(directory, 'alerts.yaml'), alerts)

  it('pass promtool check rules', () => {
    const output = execFileSync(path, ['check', 'rules', join(directory, 'alerts.yaml')], {
      encoding: 'utf8',
    })
    expect(output).toContain(`SUCCESS: ${ALERT_RULES.length} rules found`)
  })

  it('have a case here for every alert the chart ships', () => {
    expect(cases.map((one) => one.alert).sort()).toEqual(ALERT_RULES.map((one) => one.alert).sort())
  })

  it.each(cases)('$alert fires for the pair that reproduces it, and only then', (one) => {
    const tests = {
      rule_files: ['alerts.yaml'],
      evaluation_interval: '1m',
      tests: [
        {
          interval: '1m',
          input_series: one.input_series,
          alert_rule_test: [
            { eval_time: one.quietAt, alertname: one.alert, exp_alerts: [] },
            {
              eval_time: one.firesAt,
              alertname: one.alert,
              exp_alerts: [firing(one.alert, one.labels)],
            },
          ],
        },
      ],
    }
    const file = join(directory, `${one.alert}.test.yaml`)
    writeFileSync(file, stringify(tests))
    // exits non-zero, with the difference, when an alert fires where it should not or not at all
    const output = execFileSync(path, ['test', 'rules', file], { encoding: 'utf8' })
    expect(output).toContain('SUCCESS')
  })
})
