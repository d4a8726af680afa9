// The chart's Grafana dashboard: one panel per question an operator asks of a CRD's conversions,
// each query written from the webhook's metric catalog and the API server's metric names, so a
// renamed metric changes the dashboard with it.
import { METRICS } from '@crdconv/webhook/metrics'
import { API_SERVER_CONSISTENT_READS, apiServerHistogramMatcher } from '../webhook-health/index.ts'

/** Where the chart keeps the dashboard, as Grafana imports it. */
export const DASHBOARD_FILE = 'chart/files/dashboard.json'

/** One query of a panel: the PromQL (with `$crd`, the dashboard's CRD choice) and its legend. */
export interface DashboardQuery {
  readonly expr: string
  readonly legend: string
}

export interface DashboardPanel {
  readonly title: string
  readonly description: string
  /** Grafana's unit: `reqps`, `s`, `short`. */
  readonly unit: string
  readonly queries: readonly DashboardQuery[]
  /** The first API server minor release that has the panel's series (none before it). */
  readonly apiServerSince?: number
}

const PAIR = 'crd_name, from_version, to_version'
const PAIR_LEGEND = '{{crd_name}} {{from_version}} → {{to_version}}'
const CRD = 'crd_name=~"$crd"'
const rate = (name: string, matchers = CRD) => `rate(${name}{${matchers}}[5m])`
const p99 = (bucketSelector: string) =>
  `histogram_quantile(0.99, sum by (${PAIR}, le) (rate(${bucketSelector}[5m])))`

export const DASHBOARD_PANELS: readonly DashboardPanel[] = [
  {
    title: 'Reviews per second',
    description: 'ConversionReviews the webhook answered, by version pair and outcome.',
    unit: 'reqps',
    queries: [
      {
        expr: `sum by (${PAIR}, outcome) (${rate(METRICS.reviews.name)})`,
        legend: `${PAIR_LEGEND} {{outcome}}`,
      },
    ],
  },
  {
    title: 'Objects converted per second',
    description: 'Objects in the reviews answered Success, by version pair.',
    unit: 'short',
    queries: [{ expr: `sum by (${PAIR}) (${rate(METRICS.objects.name)})`, legend: PAIR_LEGEND }],
  },
  {
    title: 'Failed conversions per second',
    description:
      'Objects the webhook answered Failed for, by version pair and reason: reads and writes of them fail with HTTP 500.',
    unit: 'short',
    queries: [
      {
        expr: `sum by (${PAIR}, reason) (${rate(METRICS.failures.name)})`,
        legend: `${PAIR_LEGEND} {{reason}}`,
      },
    ],
  },
  {
    title: 'Review latency, 99th percentile',
    description:
      'In the webhook: the whole review, and the converters alone. The API server gives up at 30 s.',
    unit: 's',
    queries: [
      {
        expr: p99(`${METRICS.reviewDuration.name}_bucket{${CRD}}`),
        legend: `review ${PAIR_LEGEND}`,
      },
      {
        expr: p99(`${METRICS.converterDuration.name}_bucket{${CRD}}`),
        legend: `converter ${PAIR_LEGEND}`,
      },
    ],
  },
  {
    title: 'The API server’s call latency, 99th percentile',
    description:
      'One conversion call as the API server times it (either name of its histogram): the gap to the webhook’s own latency is the network, TLS and cold starts.',
    unit: 's',
    queries: [
      {
        expr: p99(`{${apiServerHistogramMatcher('bucket')}, ${CRD}}`),
        legend: PAIR_LEGEND,
      },
    ],
  },
  {
    title: 'The API server’s calls per second',
    description:
      'Conversion calls the API server made, by whether they succeeded: a failed call is a Failed answer, an unreachable webhook, a timeout or a refused certificate.',
    unit: 'reqps',
    queries: [
      {
        expr: `sum by (${PAIR}, succeeded) (rate({${apiServerHistogramMatcher('count')}, ${CRD}}[5m]))`,
        legend: `${PAIR_LEGEND} succeeded={{succeeded}}`,
      },
    ],
  },
  {
    title: 'Consistent LISTs per second, and their fallbacks to etcd',
    description:
      'LISTs of the CRD served by the API server’s watch cache, and those that waited 3 s and then read etcd, converting every object one review at a time (fallback="true"). From Kubernetes 1.31.',
    unit: 'reqps',
    apiServerSince: 31,
    queries: [
      {
        expr: `sum by (crd_name, fallback) (label_join(rate(${API_SERVER_CONSISTENT_READS}[5m]), "crd_name", ".", "resource", "group")) and on (crd_name) group by (crd_name) ({${apiServerHistogramMatcher('count')}, ${CRD}})`,
        legend: '{{crd_name}} fallback={{fallback}}',
      },
    ],
  },
  {
    title: 'Refused requests per second',
    description:
      'Requests to /convert answered with an error before any conversion, by reason, and requests with a wrong or missing path token.',
    unit: 'reqps',
    queries: [
      {
        expr: `sum by (reason) (rate(${METRICS.badRequests.name}[5m]))`,
        legend: '{{reason}}',
      },
      { expr: `sum(rate(${METRICS.wrongTokens.name}[5m]))`, legend: 'wrong token' },
    ],
  },
]

/** The webhook's own metrics the CRD choice lists its values from. */
const CRD_CHOICE = `label_values(${METRICS.reviews.name}, crd_name)`

/** The dashboard as Grafana's JSON model (schema 39): two panels a row, a Prometheus to choose. */
export function grafanaDashboard(panels: readonly DashboardPanel[] = DASHBOARD_PANELS): object {
  const datasource = { type: 'prometheus', uid: '${datasource}' }
  return {
    title: 'crdconv conversions',
    uid: 'crdconv-conversions',
    description:
      'Conversions of each CRD served through crdconv, by version pair, as the webhook and the API server see them.',
    tags: ['crdconv', 'kubernetes'],
    schemaVersion: 39,
    version: 1,
    editable: true,
    refresh: '30s',
    time: { from: 'now-6h', to: 'now' },
    templating: {
      list: [
        { name: 'datasource', label: 'Prometheus', type: 'datasource', query: 'prometheus' },
        {
          name: 'crd',
          label: 'CRD',
          type: 'query',
          datasource,
          definition: CRD_CHOICE,
          query: { query: CRD_CHOICE, refId: 'crd' },
          refresh: 2,
          includeAll: true,
          multi: true,
          allValue: '.*',
          current: { text: 'All', value: '$__all' },
        },
      ],
    },
    panels: panels.map((panel, index) => ({
      id: index + 1,
      type: 'timeseries',
      title: panel.title,
      description: panel.description,
      datasource,
      gridPos: { h: 8, w: 12, x: (index % 2) * 12, y: Math.floor(index / 2) * 8 },
      fieldConfig: { defaults: { unit: panel.unit }, overrides: [] },
      options: { legend: { displayMode: 'list', placement: 'bottom', showLegend: true } },
      targets: panel.queries.map((query, queryIndex) => ({
        refId: String.fromCharCode(65 + queryIndex),
        datasource,
        expr: query.expr,
        legendFormat: query.legend,
      })),
    })),
  }
}

/** The dashboard file the chart ships, as Grafana's import and its sidecar read it. */
export function dashboardJson(): string {
  return `${JSON.stringify(grafanaDashboard(), null, 2)}\n`
}
