import type { Command } from 'commander'
import { checkResource, type CheckItem } from '@crdconv/webhook/crd'
import type { Resource, Scheme } from '@crdconv/webhook/scheme'
import { UsageError, EXIT, type CommandContext } from './cli-io.ts'
import {
  addCheckClusterOptions,
  apiServerItem,
  clusterToCheck,
  NO_CLUSTER_LINE,
  type CheckClusterOptions,
} from './check-on-cluster.ts'
import { parseCount } from './option-parsers.ts'
import { loadScheme, SCHEME_OPTION_HELP, selectResources, resourceOption } from './load-scheme.ts'

export function registerCheckCommand(program: Command, context: CommandContext): void {
  const command = program
    .command('check')
    .description(
      "check the scheme's definitions: storage version, conversion paths, structural schemas, printer-column and scale paths, examples; with a cluster, the CRDs and their CEL rules on its API server"
    )
    .addOption(resourceOption())
    .option('--scheme <module>', SCHEME_OPTION_HELP)
    .option('--runs <count>', 'generated objects per round-trip check (default 50)', parseCount)
  addCheckClusterOptions(command)
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

Exit codes: 0 every check passed (notes may be printed); 1 a check failed, or the definitions
throw while loading; 2 bad usage, no kubeconfig or context, unreachable API server, RBAC forbids
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
      const roundTripKit = await loadRoundTripKit()
      const resources = selectResources(scheme, options.resource)
      const cluster = await clusterToCheck(options)
      let failed = 0
      for (const resource of resources) {
        io.stdout(`${resource.identity.groupKind}\n`)
        const items = [
          ...checkResource(resource),
          losslessRoundTrips(roundTripKit, resource, options.runs),
        ]
        if (cluster !== undefined) items.push(await apiServerItem(cluster, resource))
        for (const item of items) {
          if (item.problems.length > 0) failed++
          io.stdout(formatItem(item))
        }
      }
      if (cluster === undefined) io.stdout(`${NO_CLUSTER_LINE}\n`)
      io.stdout(failed === 0 ? 'all checks passed\n' : `${failed} check(s) failed\n`)
      if (failed > 0) context.exitCode = EXIT.problem
    })
}

type RoundTripKit = typeof import('@crdconv/webhook/testing')

/**
 * `crdconv/testing`, loaded on demand: it needs fast-check, an optional peer dependency that a
 * project has as a dev dependency, so the other commands run without it.
 */
async function loadRoundTripKit(): Promise<RoundTripKit> {
  try {
    return await import('@crdconv/webhook/testing')
  } catch (error) {
    if (!String(error).includes("'fast-check'")) throw error
    throw new UsageError(
      'crdconv check generates objects with fast-check: npm install --save-dev fast-check'
    )
  }
}

/** The round-trip property check of `crdconv/testing`, as one item of the report. */
function losslessRoundTrips(
  kit: RoundTripKit,
  resource: Resource,
  numRuns: number | undefined
): CheckItem {
  const report = kit.checkLosslessRoundTrips(resource, numRuns === undefined ? {} : { numRuns })
  const objects = report.checks.reduce((total, check) => total + check.runs, 0)
  return {
    title: 'lossless round trips between every pair of versions',
    problems: report.checks.flatMap((check) =>
      check.failure === undefined ? [] : [`${check.title}:\n${indent(check.failure.message)}`]
    ),
    notes: [`${report.checks.length} round-trip and path checks over ${objects} generated objects`],
  }
}

function formatItem(item: CheckItem): string {
  const mark = item.problems.length > 0 ? 'FAIL' : 'ok  '
  const lines = [`  ${mark}  ${item.title}\n`]
  for (const problem of item.problems) lines.push(`          - ${problem}\n`)
  for (const note of item.notes) lines.push(`          note: ${note}\n`)
  return lines.join('')
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `      ${line}`)
    .join('\n')
}

interface CheckOptions extends CheckClusterOptions {
  resource?: string
  scheme?: string
  runs?: number
}
