import type { Resource } from '@crdconv/webhook/scheme'
import { suggestedCommands, type SuggestedCommands } from '../command-io/index.ts'
import {
  type ClusterClient,
  serverVersion,
  liveStorageVersion,
  type LiveCustomResourceDefinition,
} from '../cluster-client/index.ts'
import { webhookCostReport, type WebhookCostReport } from './webhook-cost-report.ts'
import type { WebhookCheck } from './webhook-check.ts'
import { webhookHealth, type WebhookHealth } from './webhook-health.ts'
import { measureRoundTrip } from './webhook-round-trip.ts'

/** The webhook of one resource as the API server sees it: its state, and what it costs. */
export interface WebhookStatus {
  readonly health: WebhookHealth
  /** Absent when the webhook fails or no other version is served. */
  readonly cost?: WebhookCostReport
}

/**
 * Measures the webhook's round trip (`measureRoundTrip`) unless the dry-run `checks` already
 * failed, and judges it against `slowMs`; undefined for a CRD without a webhook.
 *
 * @example
 * ```ts
 * const webhook = await webhookStatus(client, cronTab, crd, checks, 500, 100)
 * webhook?.health.state // 'ok' | 'down' | 'erroring' | 'slow'
 * ```
 */
export async function webhookStatus(
  client: ClusterClient,
  resource: Resource,
  crd: LiveCustomResourceDefinition,
  checks: readonly WebhookCheck[],
  storedObjects: number | undefined,
  slowMs: number,
  commands: SuggestedCommands = suggestedCommands({})
): Promise<WebhookStatus | undefined> {
  const storage = liveStorageVersion(crd)
  if (crd.spec.conversion?.strategy !== 'Webhook' || storage === undefined) return undefined
  const otherServed = crd.spec.versions
    .filter((entry) => entry.served && entry.name !== storage)
    .map((entry) => entry.name)
  const failed = checks.find((check) => check.outcome === 'failed')
  const failedCheck =
    failed === undefined ? undefined : { version: failed.version, message: failed.message ?? '' }
  const measured =
    failedCheck === undefined && storedObjects !== undefined
      ? await measureRoundTrip(client, resource, crd)
      : undefined
  const health = webhookHealth({
    measured,
    ...(failedCheck === undefined ? {} : { failedCheck }),
    slowMs,
    storage,
    otherServed,
    url: crd.spec.conversion.webhook?.clientConfig?.url,
    storedObjects: storedObjects ?? 0,
    commands,
  })
  if (measured === undefined || !('ms' in measured) || storedObjects === undefined) {
    return { health }
  }
  const cost = webhookCostReport({
    serverVersion: await serverVersion(client),
    roundTrip: measured,
    storedObjects,
    storage,
    storedVersions: crd.status?.storedVersions ?? [],
    otherServed,
    commands,
  })
  return { health, cost }
}
