import type { Command } from 'commander'
import { checkResource, opaqueKeyword, type CheckItem } from '../crd/index.ts'
import type { CoverageOptions, OpaqueSubtreeReach, RoundTripOptions } from '../testing/index.ts'
import type { Resource, Scheme } from '@crdconv/webhook/scheme'
import { EXIT, countOf } from '../command-io/index.ts'
import type { CommandContext } from './command-context.ts'
import {
  answersOnApiServerItem,
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
import { corpusOption, recordedSeeds } from './corpus-option.ts'
import type { CorpusObject } from '../corpus/index.ts'

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
    .addOption(corpusOption())
    .option(
      '--strict',
      'fail on warnings too: an opaque subtree no seed reaches, a field never filled'
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
  crdconv check --corpus recorded/ --strict
  crdconv check --scheme ./src/scheme.ts --resource crontabs
  crdconv check --context kind-dev

With --kubeconfig, --context or --server-side, each CRD also goes to that API server as a
server-side dry-run create (nothing is stored): it compiles the CEL rules and estimates their
cost, and a rule it refuses fails the check with its version, field and the API server's reason.
Then the objects converted from each version's seeds and a few generated ones go to a scratch
copy of the CRD (another group, no webhook; deleted after) as server-side dry-run creates at the
version converted to, so the API server judges what a client writing them back would meet, CEL
rules included: an answer it refuses, from an object it accepts at its own version, fails the
check. Kubernetes before 1.25 drops CEL rules, which the check notes. Without a cluster it says so.

Conversion coverage follows every field through each converter path (crdconv coverage shows the
whole table): a field lost without a stash, or a converted value the target version's schema
refuses, fails the check; a target field never filled that has no default is a warning.

Round trips and coverage start from seeds: each version's examples and the recorded objects of
--corpus. The round trips also grow objects from them (fields dropped and added, values changed,
lists reshaped, parts of one grafted into another, the keys seen at each place combined), inside
opaque subtrees too (x-kubernetes-preserve-unknown-fields, embedded resources, int-or-string),
which generated objects cannot exercise. Each opaque subtree no seed reaches inside is a warning;
--strict fails on warnings.

Exit codes: 0 every check passed (notes and warnings may be printed); 1 a check failed, or the
definitions throw while loading; 2 bad usage, no kubeconfig or context, unreachable API server, RBAC forbids
creating or deleting CRDs.`
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
      const seeds = recordedSeeds(options.corpus, io.cwd)
      const resources = selectResources(scheme, options.resource)
      const cluster = await clusterGiven(options)
      let failed = 0
      let warned = 0
      for (const resource of resources) {
        io.stdout(`${resource.identity.groupKind}\n`)
        const items: ReportItem[] = [
          ...checkResource(resource),
          losslessRoundTrips(roundTripKit, resource, { ...seeds, ...runs(options.runs) }),
          conversionCoverage(roundTripKit, resource, { ...seeds, ...runs(options.runs) }),
          opaqueSubtreesReached(roundTripKit, resource, seeds),
        ]
        if (cluster !== undefined) {
          const crdItem = await asUsageErrors(() => apiServerItem(cluster, resource))
          items.push(crdItem)
          // a CRD the API server refuses cannot be installed to judge objects by
          if (crdItem.problems.length === 0) {
            const answers = roundTripKit.convertedAnswers(resource, seeds)
            items.push(
              await asUsageErrors(() => answersOnApiServerItem(cluster, resource, answers))
            )
          }
        }
        for (const found of items) {
          const item = options.strict === true ? warningsFail(found) : found
          if (item.problems.length > 0) failed++
          warned += item.warnings?.length ?? 0
          io.stdout(formatItem(item))
        }
      }
      if (warned > 0) io.stdout(`${countOf(warned, 'warning')}: worth a look, not failures\n`)
      if (cluster === undefined) io.stdout(`${NO_CLUSTER_LINE}\n`)
      io.stdout(failed === 0 ? 'all checks passed\n' : `${countOf(failed, 'check')} failed\n`)
      if (failed > 0) context.exitCode = EXIT.problem
    })
}

const runs = (numRuns: number | undefined) => (numRuns === undefined ? {} : { numRuns })

/** The round-trip property check of `crdconv/testing`, as one item of the report. */
function losslessRoundTrips(
  kit: RoundTripKit,
  resource: Resource,
  options: RoundTripOptions
): CheckItem {
  const report = kit.checkLosslessRoundTrips(resource, options)
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
  options: CoverageOptions
): ReportItem {
  const report = kit.conversionCoverage(resource, options)
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
            `${countOf(fields, 'field')} followed through ${countOf(report.pairs.length, 'converter path')}; crdconv coverage shows the whole table`,
          ],
  }
}

/**
 * The opaque subtrees of the resource, each reached inside by a seed (a note) or never (a warning):
 * what only examples and recorded objects can exercise.
 */
function opaqueSubtreesReached(
  kit: RoundTripKit,
  resource: Resource,
  seeds: { readonly recorded?: readonly CorpusObject[] }
): ReportItem {
  const places = kit.opaqueSubtreeReach(resource, seeds)
  const label = resource.identity.groupKind
  const where = (place: OpaqueSubtreeReach) =>
    `${place.field} (${opaqueKeyword(place.kind)}, ${place.versions.join(', ')})`
  const reached = places.filter((place) => place.reachedBy.length > 0)
  // an object that declares fields and keeps unknown ones beside them (z.looseObject) has a shape
  const unreached = places.filter((place) => place.reachedBy.length === 0)
  const silent = unreached.filter((place) => place.declared.length === 0)
  const partly = unreached.filter((place) => place.declared.length > 0)
  return {
    code: 'opaque-subtrees-reached',
    title: 'opaque subtrees: examples or recorded objects reach inside each',
    problems: [],
    warnings: silent.map(
      (place) =>
        `${label} ${where(place)}: no example or recorded object reaches inside it, so no conversion there is tried on a realistic shape (generated objects only hold ${place.kind === 'int-or-string' ? 'random integers and strings' : 'random keys'} there); give the versions \`examples\` that fill it as real objects do, or record objects from a cluster (--corpus)`
    ),
    notes: [
      places.length === 0
        ? 'none: every field has a declared shape'
        : `${reached.length} of ${places.length} reached by the seeds${seeds.recorded === undefined ? ' (examples only: no corpus folder)' : ''}`,
      ...reached.map(
        (place) =>
          `${where(place)}: reached by ${place.reachedBy.slice(0, 3).join(', ')}${place.reachedBy.length > 3 ? `, and ${place.reachedBy.length - 3} more` : ''}`
      ),
      ...partly.map(
        (place) =>
          `${where(place)}: no seed holds an unknown field beside its declared ones (${place.declared.join(', ')})`
      ),
    ],
  }
}

/** `item` with its warnings as problems: `--strict`. */
function warningsFail(item: ReportItem): ReportItem {
  const warnings = item.warnings ?? []
  if (warnings.length === 0) return item
  return { ...item, problems: [...item.problems, ...warnings], warnings: [] }
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
  corpus?: string
  strict?: boolean
}
