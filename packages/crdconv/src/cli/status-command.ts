import type { Command } from 'commander'
import {
  blocksNextStep,
  describeStatus,
  detectStorageMigration,
  resourceStatus,
  statusJson,
  webhookMetricsReport,
  type ResourceReport,
} from '../lifecycle/index.ts'
import { DEFAULT_SLOW_MS, readWebhookMetrics } from '../webhook-health/index.ts'
import { SETTING_VARIABLES } from '@crdconv/webhook/http'
import {
  EXIT,
  LOCAL_DEV_CONTEXT,
  readCaBundle,
  suggestedCommands,
  type CliIo,
} from '../command-io/index.ts'
import type { CommandContext } from './command-context.ts'
import { findPathToken, PROJECT_TOKEN_FILE } from '../path-token/index.ts'
import {
  addClusterOptions,
  asUsageErrors,
  connectWith,
  type ClusterOptions,
} from './cluster-options.ts'
import { addSchemeOptions, loadSelectedResources, type SchemeSelection } from './load-scheme.ts'
import { parseCount } from './option-parsers.ts'
import { projectSettings } from '../command-io/index.ts'
import type { ClusterClient } from '../cluster-client/index.ts'
import type { Resource } from '@crdconv/webhook/scheme'
import { readXrdOrigin, xrdProblems } from '../xrd/index.ts'

export function registerStatusCommand(program: Command, context: CommandContext): void {
  const command = addSchemeOptions(
    program
      .command('status')
      .description('show the live CRDs beside the scheme, check the webhook through the API server')
  )
    .option('--json', 'print the status as JSON (one object: the cluster, then each resource)')
    .option(
      '--slow-ms <ms>',
      'a webhook review slower than this through the API server is a problem (exit 1)',
      parseCount,
      DEFAULT_SLOW_MS
    )
  command
    .option(
      '--metrics-url <url>',
      "the webhook's own /metrics (the Node server's, like https://127.0.0.1:8443/metrics): its reviews, failures and latency per version pair beside the API server's view"
    )
    .option(
      '--metrics-ca <file>',
      'PEM CA bundle to trust for --metrics-url (default: system roots)'
    )
    .option(
      '--metrics-token-file <file>',
      `the token /metrics takes as a bearer token (CONVERT_METRICS=token): the path token's file (default: env ${SETTING_VARIABLES.tokens[0]}, else ${PROJECT_TOKEN_FILE}; none when neither is set)`
    )
  addClusterOptions(command).addHelpText(
    'after',
    `
One table per resource: each version's served/storage/deprecated flags in the scheme and live,
whether it is in status.storedVersions, whether the live schema equals the one crdconv crd
generates, and a check of the webhook through the API server (a server-side dry-run create at
each served version that is not the storage version: the API server calls the real webhook and
stores nothing). Then conversion strategy and URL, object counts per namespace, and the
webhook's cost: one review's round trip through the API server (its /metrics histogram over 7
GETs at another version, else those GETs timed against the storage version; dry-run creates
where no object is stored), reviews per write, the burst of writes readers at other versions do
not notice and how long a larger one stalls them, when a LIST through the webhook fails at the
60 s request timeout, the reviews an hour nobody asked for and their monthly price, and what
removes each cost. Then which storage migration the cluster supports (server-side where it
serves storagemigration.k8s.io, crdconv migrate --server-side; else client-side), problems with
what to do, and the next step of the lifecycle. A webhook that is down, answers with an error,
or takes longer than --slow-ms a review is a problem naming the operations affected and the fix
(docs/operations.md). With --json, the same as one JSON object ("storageMigration",
"resources", each resource's "webhook").

Examples:
  crdconv status --scheme ./src/scheme.ts --context prod
  crdconv status --scheme ./src/scheme.ts --json | jq .storageMigration
  crdconv status --scheme ./src/scheme.ts --slow-ms 50 --json | jq '.resources[].webhook'

Exit codes: 0 nothing blocks the next step; 1 something does, or the webhook is slower
than --slow-ms (listed under problems); 2 bad usage, no kubeconfig or context, unreachable API
server, RBAC forbids reading.`
  )
  command.action(async (options: StatusOptions) => {
    context.exitCode = await showStatus(context.io, options)
  })
}

interface StatusOptions extends ClusterOptions, SchemeSelection {
  json?: boolean
  slowMs: number
  metricsUrl?: string
  metricsCa?: string
  metricsTokenFile?: string
}

/** The webhook's /metrics text, or why it could not be read (a line of the report, not an exit). */
async function webhookSide(
  io: CliIo,
  options: StatusOptions
): Promise<{ text: string } | { unreadable: string } | undefined> {
  if (options.metricsUrl === undefined) return undefined
  const token = await findPathToken({
    tokenFile: options.metricsTokenFile,
    cwd: io.cwd,
    environment: process.env,
  })
  const ca = options.metricsCa === undefined ? undefined : await readCaBundle(io, options.metricsCa)
  try {
    const text = await readWebhookMetrics(options.metricsUrl, {
      ...(token === undefined ? {} : { token: token.token }),
      ...(ca === undefined ? {} : { ca }),
    })
    return { text }
  } catch (error) {
    return { unreadable: error instanceof Error ? error.message : String(error) }
  }
}

async function showStatus(io: CliIo, options: StatusOptions): Promise<number> {
  const resources = await loadSelectedResources(options, io.cwd)
  const client = await connectWith(options)
  const migration = await asUsageErrors(() => detectStorageMigration(client))
  let exitCode: number = EXIT.ok
  const side = await webhookSide(io, options)
  const statuses: ResourceReport[] = []
  const commands = suggestedCommands({
    ...options,
    urlConfigured: projectSettings(io.cwd).url !== undefined,
    localDev: client.contextName === LOCAL_DEV_CONTEXT,
  })
  for (const resource of resources) {
    const found = await asUsageErrors(() =>
      withXrdOrigin(
        client,
        resource,
        resourceStatus(client, resource, { slowMs: options.slowMs, commands })
      )
    )
    const status =
      side === undefined ? found : { ...found, webhookMetrics: webhookMetricsReport(side, found) }
    statuses.push(status)
    if (options.json !== true) {
      io.stdout(
        describeStatus(status, migration, `${client.contextName}, ${client.server}`, commands)
      )
    }
    if (blocksNextStep(status)) exitCode = EXIT.problem
  }
  if (options.json === true) {
    io.stdout(`${JSON.stringify(statusJson(client, migration, statuses), null, 2)}\n`)
  }
  return exitCode
}

// a CRD Crossplane renders from an XRD: its fixes go to the XRD (and its package)
async function withXrdOrigin(
  client: ClusterClient,
  resource: Resource,
  pending: Promise<ResourceReport>
): Promise<ResourceReport> {
  const [status, origin] = await Promise.all([pending, readXrdOrigin(client, resource)])
  if (origin === undefined) return status
  return { ...status, problems: xrdProblems(status.problems, origin), xrd: origin }
}
