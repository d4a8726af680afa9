import type { Command } from 'commander'
import type { OpaqueSubtreeReach, PairCoverage } from '../testing/index.ts'
import { EXIT, UsageError, type CliIo, formatTable } from '../command-io/index.ts'
import type { CommandContext } from './command-context.ts'
import {
  loadScheme,
  resourceOption,
  SCHEME_OPTION_HELP,
  selectResources,
  type SchemeSelection,
} from './load-scheme.ts'
import { parseCount, parseSeed } from './option-parsers.ts'
import { loadRoundTripKit } from './round-trip-kit.ts'
import { corpusOption, recordedSeeds } from './corpus-option.ts'
import { opaqueKeyword } from '../crd/index.ts'

interface CoverageCommandOptions extends SchemeSelection {
  from?: string
  to?: string
  runs?: number
  seed?: number
  json?: boolean
  corpus?: string
}

export function registerCoverageCommand(program: Command, context: CommandContext): void {
  program
    .command('coverage')
    .description(
      "follow every field through the scheme's converters: what fills each field of the target version, what becomes of each field of the source"
    )
    .option('--scheme <module>', SCHEME_OPTION_HELP)
    .addOption(resourceOption())
    .option('--from <version>', 'only the converter path from this version (with --to)')
    .option('--to <version>', 'only the converter path to this version (with --from)')
    .option(
      '--runs <count>',
      'whole objects generated per pair of versions, and as many partial ones (default 50)',
      parseCount
    )
    .option(
      '--seed <number>',
      'fast-check seed: the same seed gives the same table (default 0)',
      parseSeed
    )
    .addOption(corpusOption())
    .option(
      '--json',
      'print the report as JSON (one object: "resources", each with "pairs" and "opaqueSubtrees")'
    )
    .addHelpText(
      'after',
      `
For each ordered pair of versions (or --from and --to), the source version's examples, the
recorded objects of --corpus, and objects generated from its schema, whole and partial, are
converted, then converted again with one field changed
at a time: a target field that changes with it is filled from it, a stash entry that changes with
it keeps it. Answers are pruned by the target schema, as the API server prunes them, and checked
against the target version's zod schema.

Source fields: carried (to the same field), moved (to other fields), stashed (in the stash
annotation only), lost, or unvaried (never generated with two values). Target fields: filled (from
source fields), constant (filled by the converter from no source field), never filled (with its
default, if any), or refused (values its schema refuses).

Opaque subtrees (x-kubernetes-preserve-unknown-fields, embedded resources, int-or-string) have no
fields to follow: the report lists each, and the examples or recorded objects that reach inside it.

Examples:
  crdconv coverage
  crdconv coverage --corpus recorded/
  crdconv coverage --resource backups --from v1 --to v1alpha1
  crdconv coverage --runs 200 --json | jq '.resources[].pairs[].sources[] | select(.outcome == "lost")'

Exit codes: 0 no field lost and no converted value refused (never-filled fields are warnings);
1 a field is lost without a stash, a converted value is refused, or the definitions throw while
loading; 2 bad usage, an unknown version, fast-check not installed.`
    )
    .action(async (options: CoverageCommandOptions) => {
      context.exitCode = await runCoverage(context.io, options)
    })
}

async function runCoverage(io: CliIo, options: CoverageCommandOptions): Promise<number> {
  const scheme = await loadScheme(options.scheme, io.cwd)
  const kit = await loadRoundTripKit('coverage')
  const coverage = kit.coverageOfResources(selectResources(scheme, options.resource), {
    ...options,
    ...recordedSeeds(options.corpus, io.cwd),
  })
  if ('problem' in coverage) throw new UsageError('version-unknown', coverage.problem)
  const { reports, opaque, failures, warnings } = coverage
  if (options.json === true) {
    const resources = reports.map((report, index) => ({
      ...report,
      opaqueSubtrees: opaque[index] ?? [],
    }))
    io.stdout(`${JSON.stringify({ resources }, null, 2)}\n`)
  } else {
    for (const [index, report] of reports.entries()) {
      if (report.pairs.length === 0)
        io.stdout(`${report.resource}: one version, nothing to convert\n`)
      for (const pair of report.pairs) io.stdout(`${coverageTable(report.resource, pair)}\n`)
      const places = opaque[index] ?? []
      if (places.length > 0) io.stdout(`${opaqueTable(report.resource, places)}\n`)
    }
    for (const failure of failures) io.stdout(`FAIL ${failure.message}\n`)
    for (const warning of warnings) io.stdout(`warning: ${warning.message}\n`)
  }
  return failures.length > 0 ? EXIT.problem : EXIT.ok
}

/** The opaque subtrees of a resource: no fields to follow there, only the seeds that reach inside. */
function opaqueTable(resource: string, places: readonly OpaqueSubtreeReach[]): string {
  const rows = places.map((place) => [
    place.field,
    opaqueKeyword(place.kind),
    place.versions.join(', '),
    place.reachedBy.length === 0 ? 'none' : place.reachedBy.join(', '),
  ])
  const table = formatTable([['OPAQUE SUBTREE', 'KIND', 'VERSIONS', 'REACHED BY'], ...rows])
  return `${resource}: opaque subtrees, where only examples and recorded objects show real shapes\n${table.replace(/^(?=.)/gm, '  ')}\n`
}

/** One pair of versions: what became of each source field, then how each target field is filled. */
export function coverageTable(resource: string, pair: PairCoverage): string {
  const failed =
    pair.failed === 0 ? '' : `, ${pair.failed} failed to convert (first: ${pair.failure ?? '?'})`
  const overBudget =
    pair.overBudget === 0
      ? ''
      : `, ${pair.overBudget} over the stash budget (stash-too-large: a limit of these versions, nothing lost)`
  const generated = pair.objects - pair.seeds
  const seeds = pair.seeds === 0 ? '' : ` and ${pair.seeds} from examples and recorded objects`
  const heading = `${resource} ${pair.from} → ${pair.to}: ${generated} generated objects${seeds} converted${failed}${overBudget}`
  const sources = pair.sources.map((source) => [
    source.field,
    source.outcome,
    [
      ...source.to,
      ...source.stashedAs.map((key) => `stash ${key}`),
      ...(source.annotatedAs ?? []).map((label) => `annotation ${label}`),
    ].join(', '),
  ])
  const targets = pair.targets.map((target) => [
    target.field,
    target.outcome.replace('-', ' '),
    targetDetail(target),
  ])
  const table = formatTable([
    [`${pair.from} FIELD`, 'OUTCOME', 'TO'],
    ...sources,
    ['', '', ''],
    [`${pair.to} FIELD`, 'OUTCOME', 'FROM'],
    ...targets,
  ])
  return `${heading}\n${table.replace(/^(?=.)/gm, '  ')}\n`
}

function targetDetail(target: PairCoverage['targets'][number]): string {
  const from = target.from.join(', ')
  if (target.outcome === 'refused' && target.refused !== undefined) {
    return `${from === '' ? '' : `${from}: `}${target.refused.reason}`
  }
  if (target.outcome === 'never-filled') {
    return 'default' in target ? `default ${JSON.stringify(target.default)}` : 'no default'
  }
  return from
}
