// The chart's Grafana dashboard: every query names only metrics the webhook writes or the API
// server exposes, every metric of the webhook is on it, and promtool parses every query.
// (test/node/metrics/prometheus-scrape.apiserver.test.ts evaluates each against a real Prometheus.)
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { stringify } from 'yaml'
import {
  API_SERVER_CONSISTENT_READS,
  API_SERVER_CONVERSION_HISTOGRAMS,
} from '../../../packages/crdconv/src/webhook-health/api-server-metric-names.ts'
import {
  DASHBOARD_FILE,
  DASHBOARD_PANELS,
  grafanaDashboard,
} from '../../../packages/crdconv/src/init/index.ts'
import { clusterFiles } from '../../../packages/crdconv/src/init/cluster-files.ts'
import { METRICS } from '../../../packages/webhook/src/metrics/index.ts'
import { prometheusTool } from '../../support/cached-tools.ts'
import { dashboardQueries, metricNamesIn } from '../../support/dashboard-queries.ts'

const histogramSeries = (name: string) => ['_bucket', '_count', '_sum'].map((end) => name + end)
const webhookSeries = Object.values(METRICS).flatMap((metric) =>
  metric.type === 'histogram' ? histogramSeries(metric.name) : [metric.name]
)
const apiServerSeries = [
  ...API_SERVER_CONVERSION_HISTOGRAMS.flatMap(histogramSeries),
  API_SERVER_CONSISTENT_READS,
]

interface GrafanaPanel {
  id: number
  gridPos: { x: number; y: number; w: number; h: number }
  targets: { expr: string }[]
}

describe('the Grafana dashboard', () => {
  it.each(DASHBOARD_PANELS.map((panel) => [panel.title, panel] as const))(
    '“%s” reads only metrics the webhook writes or the API server exposes',
    (_, panel) => {
      for (const query of panel.queries) {
        const names = metricNamesIn(query.expr)
        expect(names.length, query.expr).toBeGreaterThan(0)
        for (const name of names) expect([...webhookSeries, ...apiServerSeries]).toContain(name)
      }
    }
  )

  it('shows every metric the webhook writes', () => {
    const shown = new Set(
      DASHBOARD_PANELS.flatMap((panel) => panel.queries.flatMap((one) => metricNamesIn(one.expr)))
    )
    for (const metric of Object.values(METRICS)) {
      const series = metric.type === 'histogram' ? histogramSeries(metric.name) : [metric.name]
      expect(
        series.some((name) => shown.has(name)),
        metric.name
      ).toBe(true)
    }
  })

  it('is the chart’s files/dashboard.json, panels laid out two a row without overlap', () => {
    const shipped = JSON.parse(clusterFiles('webhook')[DASHBOARD_FILE] as string) as {
      panels: GrafanaPanel[]
    }
    expect(shipped).toEqual(grafanaDashboard())
    expect(shipped.panels.map((panel) => panel.id)).toEqual(
      DASHBOARD_PANELS.map((_, index) => index + 1)
    )
    const cells = shipped.panels.map(({ gridPos }) => `${gridPos.x},${gridPos.y}`)
    expect(new Set(cells).size).toBe(cells.length)
    expect(shipped.panels.flatMap((panel) => panel.targets.map((one) => one.expr))).toEqual(
      DASHBOARD_PANELS.flatMap((panel) => panel.queries.map((one) => one.expr))
    )
  })

  const promtool = prometheusTool('promtool')
  it.skipIf('skip' in promtool)('has queries that promtool parses', () => {
    // a recording rule per query: promtool check rules parses each expression
    const rules = dashboardQueries().map((query, index) => ({
      record: `dashboard:query_${index}`,
      expr: query.expr,
    }))
    const directory = mkdtempSync(join(tmpdir(), 'crdconv-dashboard-'))
    const file = join(directory, 'dashboard-queries.yaml')
    writeFileSync(file, stringify({ groups: [{ name: 'dashboard', rules }] }))
    const output = execFileSync('path' in promtool ? promtool.path : '', ['check', 'rules', file], {
      encoding: 'utf8',
    })
    expect(output).toContain(`SUCCESS: ${rules.length} rules found`)
  })
})
