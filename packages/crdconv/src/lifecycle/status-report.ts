// What `crdconv status` prints for each resource: a table of its versions, the webhook's health
// and cost, the storage migration the cluster supports, problems and the next step; or as JSON.
import {
  countOf,
  formatTable,
  suggestedCommands,
  type SuggestedCommands,
} from '../command-io/index.ts'
import type { ClusterClient } from '../cluster-client/index.ts'
import { webhookStatusLines } from '../webhook-health/index.ts'
import type { ResourceStatus } from './lifecycle-status.ts'
import type { StorageMigrationSupport } from './migration-api.ts'
import type { VersionFlags, VersionRow } from './status-problems.ts'
import { webhookMetricsLines, type WebhookMetricsReport } from './status-webhook-metrics.ts'
import { describeXrdOrigin, type XrdOrigin } from '../xrd/index.ts'

/**
 * One resource's status, with the webhook's own view when `--metrics-url` was given, and the XRD
 * its CRD is rendered from when an XRD declares it.
 */
export type ResourceReport = ResourceStatus & {
  webhookMetrics?: WebhookMetricsReport
  xrd?: XrdOrigin
}

/** Whether `status` exits 1 for this resource: a problem blocks the next step or is urgent. */
export function blocksNextStep(status: ResourceStatus): boolean {
  return status.problems.some((problem) => problem.blocking || problem.urgent === true)
}

/** `status --json`: the cluster, the storage migration it supports, then each resource. */
export function statusJson(
  client: Pick<ClusterClient, 'contextName' | 'server'>,
  migration: StorageMigrationSupport,
  statuses: readonly ResourceReport[]
): object {
  return {
    context: client.contextName,
    server: client.server,
    storageMigration: migration,
    resources: statuses.map((status) => ({
      ...status,
      ...(status.objects === undefined ? {} : { objects: Object.fromEntries(status.objects) }),
      ...(status.ownership === undefined
        ? {}
        : { ownership: Object.fromEntries(status.ownership) }),
    })),
  }
}

/** Which storage migration the cluster supports, as the line `status` prints. */
export function describeMigrationSupport(
  support: StorageMigrationSupport,
  commands: SuggestedCommands = suggestedCommands({})
): string {
  return support.serverSide
    ? `storage migration: server-side (${support.groupVersion}): ${commands.migrate('--server-side')}, or client-side: ${commands.migrate()}`
    : `storage migration: client-side only (${support.reason}): ${commands.migrate()}`
}

function flags(side: VersionFlags | undefined): string {
  if (side === undefined) return '-'
  const words = [side.served ? 'served' : 'not served']
  if (side.storage) words.push('storage')
  if (side.deprecated) words.push('deprecated')
  return words.join(', ')
}

function webhookCell(row: VersionRow): string {
  switch (row.webhook?.outcome) {
    case undefined:
      return row.live?.served === true ? '-' : 'not served'
    case 'converted':
      return 'converted'
    case 'storage':
      return 'storage version'
    case 'unknown-version':
      return 'not in scheme'
    case 'failed':
      return 'FAILED'
    case 'rejected':
      return `no verdict: ${row.webhook.message ?? ''}`
  }
}

/** One resource's status as `status` prints it: `where` names the context and the API server. */
export function describeStatus(
  status: ResourceReport,
  migration: StorageMigrationSupport,
  where: string,
  commands: SuggestedCommands = suggestedCommands({})
): string {
  const lines = [`${status.crdName} (${where})`]
  if (status.xrd !== undefined) lines.push(describeXrdOrigin(status.xrd))
  const table = [
    ['VERSION', 'SCHEME', 'LIVE', 'STORED', 'SCHEMA', 'WEBHOOK CHECK'],
    ...status.rows.map((row) => [
      row.version,
      flags(row.scheme),
      flags(row.live),
      row.stored ? 'yes' : 'no',
      row.schema ?? '-',
      webhookCell(row),
    ]),
  ]
  lines.push(formatTable(table))
  if (status.installed) {
    lines.push(
      `conversion: ${status.strategy ?? 'None'}${status.url === undefined ? '' : ` ${status.url}`}`,
      `storedVersions: [${status.storedVersions.join(', ')}]`
    )
    if (status.objects !== undefined) {
      const total = [...status.objects.values()].reduce((sum, count) => sum + count, 0)
      const perNamespace = [...status.objects]
        .sort(([left], [right]) => left.localeCompare(right))
        .map(([namespace, count]) => `${namespace || '(cluster)'}: ${count}`)
      lines.push(
        `objects: ${total}${perNamespace.length > 0 ? ` (${perNamespace.join(', ')})` : ''}`
      )
    }
  }
  if (status.ownership !== undefined) {
    const versions = [...status.ownership].map(
      ([version, count]) => `${version}: ${countOf(count, 'object')}`
    )
    lines.push(`managedFields at other versions: ${versions.join(', ')}`)
  }
  if (status.webhook !== undefined) lines.push(...webhookStatusLines(status.webhook))
  if (status.webhookMetrics !== undefined) lines.push(...webhookMetricsLines(status.webhookMetrics))
  lines.push(describeMigrationSupport(migration, commands))
  if (status.problems.length > 0) {
    lines.push('problems:')
    for (const problem of status.problems) {
      lines.push(
        `  - ${problem.blocking ? '[blocks the next step] ' : problem.urgent === true ? '[urgent] ' : ''}${problem.message}`,
        `    fix: ${problem.fix}`
      )
    }
  }
  lines.push(`next: ${status.next}`)
  return `${lines.join('\n')}\n\n`
}
