// The chart's monitoring: a ServiceMonitor that scrapes the webhook's /metrics and a
// PrometheusRule whose alerts live in chart/files/alerts.yaml, a plain Prometheus rule file that
// promtool checks and tests as it is. Both render only where the Prometheus Operator's API is.
// The Grafana dashboard (grafana-dashboard.ts) renders into a ConfigMap when values enable it.
import { API_SERVER_CONSISTENT_READS, apiServerHistogramMatcher } from '../webhook-health/index.ts'
import { SERVER_PORT } from './container-image-files.ts'
import { DASHBOARD_FILE, dashboardJson } from './grafana-dashboard.ts'

/** Where the chart keeps its alerting rules, as a Prometheus rule file. */
export const ALERTS_FILE = 'chart/files/alerts.yaml'

/** An alert of the chart: what it watches, and what docs/operations.md says to do first. */
export interface AlertRule {
  readonly alert: string
  readonly expr: string
  readonly for: string
  readonly severity: 'critical' | 'warning'
  readonly summary: string
  /** What it means and the first thing to do, for docs/operations.md. */
  readonly firstStep: string
}

const BY_PAIR = 'crd_name, from_version, to_version'
// since 1.31 a consistent LIST waits 3 s for the watch cache, then reads etcd ("fallback"); the
// series names the resource and group, joined here into the CRD's name the other series carry,
// and kept only for CRDs whose conversions call a webhook (v1.20 has neither the cache read nor
// the series: it reads every such LIST from etcd)
const FALLBACK_BY_CRD = `label_join(rate(${API_SERVER_CONSISTENT_READS}{fallback="true"}[5m]), "crd_name", ".", "resource", "group")`

export const ALERT_RULES: readonly AlertRule[] = [
  {
    alert: 'CrdconvConversionsFailing',
    expr: `sum by (${BY_PAIR}, reason) (rate(crdconv_conversion_failures_total[5m])) > 0`,
    for: '5m',
    severity: 'critical',
    summary:
      'The webhook answers Failed for {{ $labels.crd_name }} {{ $labels.from_version }} → {{ $labels.to_version }} ({{ $labels.reason }}): reads and writes of those objects fail',
    firstStep:
      'Read the webhook log lines with "outcome":"Failed" for the pair: each names the object and why. converter_error is a converter bug or an object the converter does not expect (fix and deploy the converter); answer_refused is an answer the API server would reject (a label over 63 characters, a changed name); limit is a review past CONVERT_MAX_OBJECTS or CONVERT_MAX_DEPTH.',
  },
  {
    alert: 'CrdconvConversionLatencyNearTimeout',
    expr: `histogram_quantile(0.99, sum by (${BY_PAIR}, le) (rate(crdconv_review_duration_seconds_bucket[5m]))) > 10`,
    for: '10m',
    severity: 'warning',
    summary:
      'One review in a hundred for {{ $labels.crd_name }} {{ $labels.from_version }} → {{ $labels.to_version }} takes over 10 s in the webhook; the API server gives up at 30 s',
    firstStep:
      'Compare crdconv_converter_duration_seconds with crdconv_review_duration_seconds for the pair: when the converter takes the time, a converter is slow on some objects; when it does not, the review is large (many objects at once) or the server is short of CPU (raise its CPU request or replicas).',
  },
  {
    alert: 'CrdconvApiServerConversionLatencyNearTimeout',
    expr: `histogram_quantile(0.99, sum by (${BY_PAIR}, le) (rate({${apiServerHistogramMatcher('bucket')}}[5m]))) > 20`,
    for: '10m',
    severity: 'critical',
    summary:
      'The API server waits over 20 s for one conversion call in a hundred for {{ $labels.crd_name }} {{ $labels.from_version }} → {{ $labels.to_version }}; at 30 s it fails the request',
    firstStep:
      'Run crdconv status: it puts the webhook’s own latency beside the API server’s. A large gap is the way between them (network distance, TLS handshakes, cold starts on Workers or Lambda), not the converter.',
  },
  {
    alert: 'CrdconvApiServerConversionErrors',
    expr: `sum by (${BY_PAIR}) (rate({${apiServerHistogramMatcher('count')}, succeeded="false"}[5m])) > 0`,
    for: '5m',
    severity: 'critical',
    summary:
      'The API server’s conversion calls for {{ $labels.crd_name }} {{ $labels.from_version }} → {{ $labels.to_version }} fail: users see HTTP 500 on those objects',
    firstStep:
      'When CrdconvConversionsFailing fires too, the webhook said Failed: follow that alert. When it does not, the call never got a good answer: the webhook is unreachable, timed out, its certificate is not trusted, or the URL or token in the CRD is wrong (crdconv status checks each).',
  },
  {
    alert: 'CrdconvApiServerListFallbacks',
    expr: `sum by (crd_name) (${FALLBACK_BY_CRD}) > 0 and on (crd_name) group by (crd_name) ({${apiServerHistogramMatcher('count')}})`,
    for: '5m',
    severity: 'warning',
    summary:
      'Consistent LISTs of {{ $labels.crd_name }} fall back from the API server’s watch cache to etcd, which converts every object through the webhook one review at a time: large LISTs fail at the 60 s request timeout',
    firstStep:
      'The watch cache of a served version was over 3 s behind etcd, most often after a burst of writes, each of which the cache converts through the webhook. Run crdconv status: it prints the burst of writes readers do not notice and how long a larger one stalls a consistent LIST. Spread batch writes (a migration, a controller’s resync), bring the webhook nearer (its round trip sets the pace), or have clients read the storage version.',
  },
]

/** The rule file, as promtool and the PrometheusRule read it. */
export function alertsYaml(rules: readonly AlertRule[] = ALERT_RULES): string {
  const quote = (text: string) => `'${text.replace(/'/g, "''")}'`
  const body = rules
    .map(
      (rule) => `      - alert: ${rule.alert}
        expr: ${quote(rule.expr)}
        for: ${rule.for}
        labels:
          severity: ${rule.severity}
        annotations:
          summary: ${quote(rule.summary)}
`
    )
    .join('')
  return `# The webhook's alerts (crdconv init writes them; docs/operations.md says what each means).
# promtool check rules files/alerts.yaml
groups:
  - name: crdconv-conversion
    rules:
${body}`
}

const ONLY_WITH_OPERATOR = '{{- if .Capabilities.APIVersions.Has "monitoring.coreos.com/v1" }}'

const SERVICE_MONITOR = `${ONLY_WITH_OPERATOR}
# Prometheus (the Operator's) scrapes GET /metrics over the Service's HTTPS port, trusting the CA
# cert-manager issued the webhook's certificate from, with the path token as its bearer token:
# the webhook answers /metrics only to the token's holders (CONVERT_METRICS defaults to token)
apiVersion: monitoring.coreos.com/v1
kind: ServiceMonitor
metadata:
  {{- include "webhook.metadata" . | nindent 2 }}
spec:
  selector:
    matchLabels:
      {{- include "webhook.selectorLabels" . | nindent 6 }}
  endpoints:
    - port: https
      path: /metrics
      scheme: https
      interval: 30s
      authorization:
        type: Bearer
        credentials:
          name: {{ include "webhook.fullname" . }}-token
          key: token
      tlsConfig:
        serverName: {{ include "webhook.fullname" . }}.{{ .Release.Namespace }}.svc
        ca:
          secret:
            name: {{ include "webhook.fullname" . }}-tls
            key: ca.crt
{{- end }}
`

const PROMETHEUS_RULE = `${ONLY_WITH_OPERATOR}
apiVersion: monitoring.coreos.com/v1
kind: PrometheusRule
metadata:
  {{- include "webhook.metadata" . | nindent 2 }}
spec:
  {{- /* files/alerts.yaml is a plain rule file: its {{ $labels }} are Prometheus', not Helm's */}}
  {{- $rules := .Files.Get "files/alerts.yaml" | fromYaml }}
  groups:
    {{- toYaml $rules.groups | nindent 4 }}
{{- end }}
`

// Grafana's dashboard sidecar (the grafana and kube-prometheus-stack charts) loads every
// ConfigMap with its label, from the namespaces it watches
const GRAFANA_DASHBOARD = `{{- if .Values.grafanaDashboard.enabled }}
apiVersion: v1
kind: ConfigMap
metadata:
  name: {{ include "webhook.fullname" . }}-dashboard
  {{- with .Values.grafanaDashboard.namespace }}
  namespace: {{ . }}
  {{- end }}
  labels:
    {{- include "webhook.labels" . | nindent 4 }}
    {{ .Values.grafanaDashboard.label }}: {{ .Values.grafanaDashboard.labelValue | quote }}
data:
  {{- /* files/dashboard.json is Grafana's: its {{crd_name}} legends are Grafana's, not Helm's */}}
  {{ include "webhook.fullname" . }}-conversions.json: {{ .Files.Get "files/dashboard.json" | quote }}
{{- end }}
`

/** The chart's monitoring files, keyed by path in the project. */
export const MONITORING_FILES: Readonly<Record<string, string>> = {
  [ALERTS_FILE]: alertsYaml(),
  [DASHBOARD_FILE]: dashboardJson(),
  'chart/templates/grafana-dashboard.yaml': GRAFANA_DASHBOARD,
  'chart/templates/servicemonitor.yaml': SERVICE_MONITOR,
  'chart/templates/prometheusrule.yaml': PROMETHEUS_RULE,
}

/** The NetworkPolicy's ingress rule for Prometheus, from the namespace `values.yaml` names. */
export const PROMETHEUS_INGRESS = `    {{- if .Values.prometheusNamespace }}
    # Prometheus scrapes /metrics on the same port
    - from:
        - namespaceSelector:
            matchLabels:
              kubernetes.io/metadata.name: {{ .Values.prometheusNamespace }}
      ports:
        - protocol: TCP
          port: ${SERVER_PORT}
    {{- end }}
`
