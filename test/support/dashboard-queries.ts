// The Grafana dashboard's queries as Prometheus evaluates them (the CRD choice set to all), and
// the metric names a query reads: what the dashboard tests hold to the metrics that exist.
import { DASHBOARD_PANELS, type DashboardPanel } from '../../packages/crdconv/src/init/index.ts'

/** One query of the dashboard with Grafana's `$crd` as "All" (`.*`), and the panel it is on. */
export interface RunnableQuery {
  readonly panel: DashboardPanel
  readonly expr: string
}

export function dashboardQueries(): RunnableQuery[] {
  return DASHBOARD_PANELS.flatMap((panel) =>
    panel.queries.map((query) => ({ panel, expr: query.expr.replaceAll('$crd', '.*') }))
  )
}

/**
 * The metric names `expr` reads: each name a selector or range starts with, and each name of a
 * `__name__=~"a|b"` matcher.
 */
export function metricNamesIn(expr: string): string[] {
  const selectors = [...expr.matchAll(/\b([a-zA-Z_:][a-zA-Z0-9_:]*)(?=[{[])/g)].map(
    (match) => match[1] as string
  )
  const matched = [...expr.matchAll(/__name__=~"([^"]+)"/g)].flatMap((match) =>
    (match[1] as string).split('|')
  )
  return [...new Set([...selectors, ...matched])]
}
