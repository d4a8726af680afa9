import type { Command } from 'commander'
import {
  replaceCustomResourceDefinition,
  requireCustomResourceDefinition,
} from '../cluster-client/index.ts'
import { EXIT, readCaBundle, UsageError, type CliIo } from '../command-io/index.ts'
import { describeSwitch, switchWebhook, type SwitchTarget } from '../lifecycle/index.ts'
import {
  addClusterOptions,
  asUsageErrors,
  connectWith,
  type ClusterOptions,
} from './cluster-options.ts'
import type { CommandContext } from './command-context.ts'
import { parseServiceReference } from './option-parsers.ts'

interface SwitchCommandOptions extends ClusterOptions {
  url?: string
  toService?: string | true
  caBundle?: string
  dryRun?: boolean
}

export function registerSwitchCommand(program: Command, context: CommandContext): void {
  addClusterOptions(
    program
      .command('switch')
      .description(
        "move a live CRD's conversion webhook to a URL (crdconv's) or back to a Service, shown as a diff first"
      )
      .argument('<crd>', 'the CRD, like pools.takeover.crdconv.dev')
      .option(
        '--url <url>',
        "crdconv's webhook, like https://pools.example.workers.dev/convert/TOKEN"
      )
      .option(
        '--to-service [namespace/name[:port][/path]]',
        'back to a Service; without a value, to the clientConfig the last switch replaced'
      )
      .option('--ca-bundle <file>', 'PEM CA bundle the API server trusts for the new endpoint')
      .option('--dry-run', 'print the change of clientConfig and write nothing')
  )
    .addHelpText(
      'after',
      `
The CRD is read from the cluster, its spec.conversion.webhook.clientConfig replaced, and written
back guarded by its resourceVersion (changed meanwhile: nothing is written, exit 2). The replaced
clientConfig is kept in the CRD's crdconv.dev/previous-client-config annotation, so
--to-service without a value goes back exactly. The API server picks up the new clientConfig
within seconds and may call the old endpoint meanwhile: keep the old webhook serving
(docs/takeover.md).

Examples:
  crdconv switch pools.takeover.crdconv.dev --url https://pools.example.workers.dev/convert/TOKEN --dry-run
  crdconv switch pools.takeover.crdconv.dev --to-service
  crdconv switch pools.takeover.crdconv.dev --to-service pools/pool-webhook:443/convert --ca-bundle ca.pem

Exit codes: 0 switched (or shown, with --dry-run); 2 bad usage, no such CRD or no webhook
conversion, the cluster refused or the CRD changed meanwhile.`
    )
    .action(async (crdName: string, options: SwitchCommandOptions) => {
      context.exitCode = await runSwitch(context.io, crdName, options)
    })
}

async function runSwitch(
  io: CliIo,
  crdName: string,
  options: SwitchCommandOptions
): Promise<number> {
  const target = await switchTarget(io, options)
  const client = await connectWith(options)
  const crd = await asUsageErrors(() => requireCustomResourceDefinition(client, crdName))
  const switched = switchWebhook(crd, target)
  if (typeof switched === 'string') throw new UsageError('input-invalid', switched)
  io.stdout(`CRD ${crdName}: spec.conversion.webhook.clientConfig\n${describeSwitch(switched)}`)
  if (options.dryRun === true) {
    io.stdout('dry run: nothing written\n')
    return EXIT.ok
  }
  await asUsageErrors(() => replaceCustomResourceDefinition(client, switched.crd))
  io.stdout('switched: keep the old webhook serving until the API server calls only the new one\n')
  return EXIT.ok
}

async function switchTarget(io: CliIo, options: SwitchCommandOptions): Promise<SwitchTarget> {
  if ((options.url === undefined) === (options.toService === undefined)) {
    throw new UsageError('options-conflict', 'give one of --url or --to-service')
  }
  const caBundle =
    options.caBundle === undefined
      ? undefined
      : Buffer.from(await readCaBundle(io, options.caBundle), 'utf8').toString('base64')
  if (options.url !== undefined) {
    if (!options.url.startsWith('https://')) {
      throw new UsageError(
        'url-refused',
        `--url ${options.url}: the API server calls only https URLs`
      )
    }
    return { url: options.url, caBundle }
  }
  if (options.toService === true) return { previous: true }
  return { service: parseServiceReference(options.toService ?? '', '--to-service'), caBundle }
}
