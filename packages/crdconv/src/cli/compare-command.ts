import type { Command } from 'commander'
import {
  compareAnswers,
  compareReport,
  describeCompareReport,
  planComparison,
  webhookPoster,
  type WebhookTarget,
} from '../compare/index.ts'
import { readCorpus } from '../corpus/index.ts'
import { EXIT, readCaBundle, UsageError, type CliIo, countOf } from '../command-io/index.ts'
import { addClusterOptions, connectWith, type ClusterOptions } from './cluster-options.ts'
import type { CommandContext } from './command-context.ts'
import {
  loadScheme,
  resourceOption,
  SCHEME_OPTION_HELP,
  selectResources,
  type SchemeSelection,
} from './load-scheme.ts'
import {
  parseCountOrNone,
  parseSeconds,
  parseSeed,
  parseServiceReference,
} from './option-parsers.ts'
import { loadRoundTripKit } from './round-trip-kit.ts'

interface CompareCommandOptions extends SchemeSelection, ClusterOptions {
  url?: string
  service?: string
  caBundle?: string
  corpus?: string
  generated: number
  seed: number
  stateAnnotation: string[]
  timeout: number
  json?: boolean
}

export function registerCompareCommand(program: Command, context: CommandContext): void {
  addClusterOptions(
    program
      .command('compare')
      .description(
        'send the same ConversionReviews to a running webhook and to the scheme, and compare the answers by field path'
      )
      .option('--url <url>', 'the running webhook, like https://127.0.0.1:9443/convert')
      .option(
        '--service <namespace/name[:port][/path]>',
        "the running webhook's Service, reached through the API server's service proxy (port 443, path /convert by default)"
      )
      .option('--ca-bundle <file>', 'PEM CA bundle to trust for --url (default: system roots)')
      .option('--corpus <folder>', 'recorded objects to send (what crdconv record writes)')
      .option(
        '--generated <count>',
        'objects generated from each version schema, 0 for none',
        parseCountOrNone,
        20
      )
      .option(
        '--seed <number>',
        'fast-check seed: the same seed sends the same objects',
        parseSeed,
        1
      )
      .option(
        '--state-annotation <name>',
        'an annotation in which the webhook keeps its own state, reported apart (repeat for more)',
        (value: string, previous: string[]) => [...previous, value],
        [] as string[]
      )
      .option(
        '--timeout <seconds>',
        'seconds to wait for each answer (the API server waits 30)',
        parseSeconds(),
        30
      )
      .option('--json', 'print the report as JSON')
      .option('--scheme <module>', SCHEME_OPTION_HELP)
      .addOption(resourceOption())
  )
    .addHelpText(
      'after',
      `
Every object (recorded with --corpus, each version's examples, --generated objects per version)
goes in a ConversionReview of its own to every other version, to both sides. The converted
objects are compared as the API server keeps them (pruned by the target version's schema; of the
metadata only labels and annotations). Differences are grouped by field path:

  real (exit 1)      a field one side drops, a value that differs, one side refuses
  not failing        zero values Go leaves out (omitempty), quantities in another form (1000m
                     and 1), timestamps cut to seconds: the same to the API server
  shown apart        crdconv's stash annotation and each --state-annotation

Examples:
  crdconv compare --url https://127.0.0.1:9443/convert --ca-bundle ca.pem --corpus corpus
  crdconv compare --service pools-system/pool-webhook:443 --state-annotation takeover.crdconv.dev/conversion-data
  crdconv compare --url https://webhook.example/convert --generated 200 --json | jq '.real'

Exit codes: 0 no real difference; 1 a real difference; 2 bad usage, an unreachable cluster.`
    )
    .action(async (options: CompareCommandOptions) => {
      context.exitCode = await runCompare(context.io, options)
    })
}

async function runCompare(io: CliIo, options: CompareCommandOptions): Promise<number> {
  const target = await webhookTarget(io, options)
  const scheme = await loadScheme(options.scheme, io.cwd)
  const resources = selectResources(scheme, options.resource)
  const kit = await loadRoundTripKit('compare')
  const corpus = options.corpus === undefined ? [] : readCorpus(options.corpus)
  const planned = await planComparison(resources, {
    corpus,
    generated: options.generated,
    seed: options.seed,
    kit,
  })
  const every = Math.max(1, Math.ceil(planned.length / 10))
  const results = await compareAnswers(
    scheme,
    planned,
    webhookPoster(target, options.timeout * 1000),
    {
      stateAnnotations: options.stateAnnotation,
      kit,
      onProgress: (done, total) => {
        if (done % every === 0 || done === total)
          io.stderr(`crdconv: compared ${done}/${countOf(total, 'object')}\n`)
      },
    }
  )
  const report = compareReport(results)
  const where = options.url ?? `service ${options.service ?? ''}`
  io.stdout(
    options.json === true
      ? `${JSON.stringify(report, null, 2)}\n`
      : describeCompareReport(report, where)
  )
  return report.real.length > 0 ? EXIT.problem : EXIT.ok
}

async function webhookTarget(io: CliIo, options: CompareCommandOptions): Promise<WebhookTarget> {
  if ((options.url === undefined) === (options.service === undefined)) {
    throw new UsageError(
      'options-conflict',
      'name the running webhook with one of --url or --service'
    )
  }
  if (options.url !== undefined) {
    let url: URL
    try {
      url = new URL(options.url)
    } catch {
      throw new UsageError('url-refused', `--url ${options.url} is not a URL`)
    }
    const ca = options.caBundle === undefined ? undefined : await readCaBundle(io, options.caBundle)
    return { url, ca }
  }
  return {
    service: parseServiceReference(options.service ?? '', '--service'),
    client: await connectWith(options),
  }
}
