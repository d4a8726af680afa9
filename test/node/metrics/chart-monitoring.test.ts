// The chart's ServiceMonitor and PrometheusRule as helm renders them where the Prometheus
// Operator's API is, and their absence where it is not; the Grafana dashboard's ConfigMap.
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse, parseAllDocuments } from 'yaml'
import { ALERTS_FILE, DASHBOARD_FILE } from '../../../packages/crdconv/src/init/index.ts'
import { helmCommand } from '../../support/cached-tools.ts'
import { writeChartProject } from '../../support/chart-project.ts'

const helm = helmCommand()

describe.skipIf('skip' in helm)('the chart’s monitoring (helm template)', () => {
  const { project, files } = writeChartProject()
  const render = (...args: string[]) =>
    parseAllDocuments(
      execFileSync('path' in helm ? helm.path : '', [
        'template',
        'conv',
        join(project, 'chart'),
        '--namespace',
        'webhooks',
        // required, no default: where the API server's calls come from
        '--set',
        'apiServerCIDRs={10.0.0.10/32}',
        '--set',
        `token=${'0123456789abcdef'.repeat(3)}`,
        ...args,
      ]).toString()
    ).map((document) => document.toJS() as { kind: string; spec: Record<string, unknown> })

  it('adds a ServiceMonitor for /metrics and a PrometheusRule with files/alerts.yaml’s groups where the Operator is', () => {
    const rendered = render('--api-versions', 'monitoring.coreos.com/v1')
    const rule = rendered.find((one) => one.kind === 'PrometheusRule')
    const alerts = parse(files[ALERTS_FILE] as string) as { groups: unknown }
    expect(rule?.spec['groups']).toEqual(alerts.groups)
    const monitor = rendered.find((one) => one.kind === 'ServiceMonitor')
    expect(monitor?.spec['endpoints']).toMatchObject([
      {
        port: 'https',
        path: '/metrics',
        scheme: 'https',
        tlsConfig: { serverName: 'conv.webhooks.svc', ca: { secret: { name: 'conv-tls' } } },
        // /metrics follows the path token by default: the scrape sends the one the pods read
        authorization: { type: 'Bearer', credentials: { name: 'conv-token', key: 'token' } },
      },
    ])
    const deployment = JSON.stringify(rendered.find((one) => one.kind === 'Deployment')?.spec)
    expect(deployment).toContain(
      '{"name":"CONVERT_TOKEN","valueFrom":{"secretKeyRef":{"name":"conv-token","key":"token"}}}'
    )
    expect(deployment).not.toContain('CONVERT_METRICS')
    const policy = rendered.find((one) => one.kind === 'NetworkPolicy')
    expect(JSON.stringify(policy?.spec['ingress'])).toContain(
      '"kubernetes.io/metadata.name":"monitoring"'
    )
  })

  it('renders neither where the Operator’s API is absent, so the chart installs anywhere', () => {
    const kinds = render().map((one) => one.kind)
    expect(kinds).toContain('Deployment')
    expect(kinds).not.toContain('ServiceMonitor')
    expect(kinds).not.toContain('PrometheusRule')
    expect(kinds).not.toContain('ConfigMap')
  })

  it('ships files/dashboard.json in a ConfigMap for Grafana’s sidecar when enabled', () => {
    const rendered = render(
      '--set',
      'grafanaDashboard.enabled=true',
      '--set',
      'grafanaDashboard.namespace=grafana'
    ) as unknown as {
      kind: string
      metadata: { name: string; namespace?: string; labels: Record<string, string> }
      data: Record<string, string>
    }[]
    const map = rendered.find((one) => one.kind === 'ConfigMap')
    expect(map?.metadata).toMatchObject({
      name: 'conv-dashboard',
      namespace: 'grafana',
      labels: { grafana_dashboard: '1', 'app.kubernetes.io/instance': 'conv' },
    })
    // verbatim: Grafana's {{crd_name}} legends are not Helm's
    expect(map?.data).toEqual({ 'conv-conversions.json': files[DASHBOARD_FILE] })
  })
})
