import type { Command } from 'commander'
import { checkResource, type CheckItem } from '../crd/index.ts'
import type { Resource, Scheme } from '@crdconv/webhook/scheme'
import { EXIT } from '../command-io/index.ts'
import type { CommandContext } from './command-context.ts'
import {
  apiServerItem,
  clusterToCheck,
  NO_CLUSTER_LINE,
  type CheckCluster,
} from '../check/index.ts'
import {
  addClusterOptions,
  asUsageErrors,
  connectWith,
  namesCluster,
  type ClusterOptions,
} from './cluster-options.ts'
import { parseCount } from './option-parsers.ts'
import { loadScheme, SCHEME_OPTION_HELP, selectResources, resourceOption } from './load-scheme.ts'
import { loadRoundTripKit, type RoundTripKit } from './round-trip-kit.ts'

export function registerCheckCommand(program: Command, context: CommandContext): void {
  const command = program
    .command('check')
    .description(
      "check the scheme's definitions: storage version, conversion paths, structural schemas, printer-column and scale paths, examples, round trips, conversion coverage; with a cluster, the CRDs and their CEL rules on its API server"
    )
    .addOption(resourceOption())
    .option('--scheme <module>', SCHEME_OPTION_HELP)
    .option(
      '--runs <count>',
      'generated objects per round-trip check and per pair of versions followed for coverage (default 50)',
      parseCount
    )
  addClusterOptions(command)
    .option(
      '--server-side',
      'also send each CRD to the API server of the current kubeconfig context (implied by --kubeconfig or --context) as a server-side dry-run create: it refuses CEL rules that do not compile or cost too much, and stores nothing'
    )
    .addHelpText(
      'after',
      `
Examples:
  crdconv check
  crdconv check --runs 2000
  crdconv check --scheme ./src/scheme.ts --resource crontabs
  crdconv check --context kind-dev

With --kubeconfig, --context or --server-side, each CRD also goes to that API server as a
server-side dry-run create (nothing is stored): it compiles the CEL rules and estimates their
cost, and a rule it refuses fails the check with its version, field and the API server's reason.
Kubernetes before 1.25 drops CEL rules, which the check notes. Without a cluster it says so.

Conversion coverage follows every field through each converter path (crdconv coverage shows the
whole table): a field lost without a stash, or a converted value the target version's schema
refuses, fails the check; a target field never filled that has no default is a warning.

Exit codes: 0 every check passed (notes and warnings may be printed); 1 a check failed, or the
definitions throw while loading; 2 bad usage, no kubeconfig or context, unreachable API server, RBAC forbids
creating CRDs.`
    )
    .action(async (options: CheckOptions) => {
      const { io } = context
      let scheme: Scheme
      try {
        scheme = await loadScheme(options.scheme, io.cwd)
      } catch (error) {
        if (!(error instanceof Error && error.name === 'SchemeError')) throw error
        io.stdout(`FAIL  the definitions do not load:\n${indent(error.message)}\n`)
        context.exitCode = EXIT.problem
        return
      }
      const roundTripKit = await loadRoundTripKit('check')
      const resources = selectResources(scheme, options.resource)
      const cluster = await clusterGiven(options)
      let failed = 0
      let warned = 0
      for (const resource of resources) {
        io.stdout(`${resource.identity.groupKind}\n`)
        const items: ReportItem[] = [
          ...checkResource(resource),
          losslessRoundTrips(roundTripKit, resource, options.runs),
          conversionCoverage(roundTripKit, resource, options.runs),
        ]
        if (cluster !== undefined) {
          items.push(await asUsageErrors(() => apiServerItem(cluster, resource)))
        }
        for (const item of items) {
          if (item.problems.length > 0) failed++
          warned += item.warnings?.length ?? 0
          io.stdout(formatItem(item))
        }
      }
      if (warned > 0) io.stdout(`${warned} warning(s): worth a look, not failures\n`)
      if (cluster === undefined) io.stdout(`${NO_CLUSTER_LINE}\n`)
      io.stdout(failed === 0 ? 'all checks passed\n' : `${failed} check(s) failed\n`)
      if (failed > 0) context.exitCode = EXIT.problem
    })
}

/** The round-trip property check of `crdconv/testing`, as one item of the report. */
function losslessRoundTrips(
  kit: RoundTripKit,
  resource: Resource,
  numRuns: number | undefined
): CheckItem {
  const report = kit.checkLosslessRoundTrips(resource, numRuns === undefined ? {} : { numRuns })
  const objects = report.checks.reduce((total, check) => total + check.runs, 0)
  const overBudget = report.checks.reduce((total, check) => total + check.overBudget, 0)
  return {
    code: 'lossless-round-trips',
    title: 'lossless round trips between every pair of versions',
    problems: report.checks.flatMap((check) =>
      check.failure === undefined ? [] : [`${check.title}:\n${indent(check.failure.message)}`]
    ),
    notes: [
      `${report.checks.length} round-trip and path checks over ${objects} generated objects`,
      ...(overBudget === 0
        ? []
        : [
            `${overBudget} more left out, refused as over the stash budget (stash-too-large): a limit of these versions, nothing lost`,
          ]),
    ],
  }
}

/**
 * What the coverage report found, as one item: lost fields and refused values fail it, target
 * fields never filled that have no default are warnings.
 */
function conversionCoverage(
  kit: RoundTripKit,
  resource: Resource,
  numRuns: number | undefined
): ReportItem {
  const report = kit.conversionCoverage(resource, numRuns === undefined ? {} : { numRuns })
  const { failures, warnings } = kit.coverageFindings(report)
  const fields = report.pairs.reduce((total, pair) => total + pair.sources.length, 0)
  return {
    code: 'conversion-coverage',
    title: 'conversion coverage: no field lost, no converted value the target schema refuses',
    problems: failures.map((failure) => failure.message),
    warnings: warnings.map((warning) => warning.message),
    notes:
      report.pairs.length === 0
        ? ['one version: nothing to convert']
        : [
            `${fields} fields followed through ${report.pairs.length} converter paths; crdconv coverage shows the whole table`,
          ],
  }
}

/** A check item that may also warn: worth a look, not a failure. */
interface ReportItem extends CheckItem {
  readonly warnings?: readonly string[]
}

function formatItem(item: ReportItem): string {
  const mark = item.problems.length > 0 ? 'FAIL' : 'ok  '
  const lines = [`  ${mark}  ${item.title}\n`]
  for (const problem of item.problems) lines.push(`          - ${problem}\n`)
  for (const warning of item.warnings ?? []) lines.push(`          warning: ${warning}\n`)
  for (const note of item.notes) lines.push(`          note: ${note}\n`)
  return lines.join('')
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `      ${line}`)
    .join('\n')
}

/** The cluster the options name, connected, or undefined when they name none. */
async function clusterGiven(options: CheckOptions): Promise<CheckCluster | undefined> {
  if (options.serverSide !== true && !namesCluster(options)) return undefined
  return clusterToCheck(await connectWith(options))
}

interface CheckOptions extends ClusterOptions {
  serverSide?: boolean
  resource?: string
  scheme?: string
  runs?: number
}
