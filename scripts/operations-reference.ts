// The generated regions of docs/operations.md: every metric the webhook writes, every alert and
// every dashboard panel the chart ships, read from the code (metric-catalog.ts,
// monitoring-files.ts, grafana-dashboard.ts).
import { ALERT_RULES, DASHBOARD_PANELS } from '../packages/crdconv/src/init/index.ts'
import { METRICS } from '../packages/webhook/src/metrics/index.ts'

type Table = (header: readonly string[], rows: readonly (readonly string[])[]) => string

export function renderOperationsReference(markdownTable: Table): Record<string, string> {
  const cell = (text: string) => text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|')
  return {
    'operations-metrics': markdownTable(
      ['metric', 'type', 'labels', 'what it counts'],
      Object.values(METRICS).map((metric) => [
        `\`${metric.name}\``,
        metric.type,
        metric.labels.map((label) => `\`${label}\``).join(', '),
        cell(metric.help),
      ])
    ),
    'operations-alerts': markdownTable(
      ['alert', 'severity', 'fires when (for)', 'what it means and the first thing to do'],
      ALERT_RULES.map((rule) => [
        `\`${rule.alert}\``,
        rule.severity,
        `\`${cell(rule.expr)}\` (${rule.for})`,
        cell(rule.firstStep),
      ])
    ),
    'operations-dashboard': markdownTable(
      ['panel', 'what it shows'],
      DASHBOARD_PANELS.map((panel) => [panel.title, cell(panel.description)])
    ),
  }
}
