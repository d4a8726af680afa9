import type { Command } from 'commander'
import {
  diffVersions,
  schemasOfCrd,
  schemasOfResource,
  versionPairs,
  type VersionedSchemas,
} from '../diff/index.ts'
import { EXIT, UsageError, type CliIo } from '../command-io/index.ts'
import type { CommandContext } from './command-context.ts'
import { addCrdSourceOptions, readCrdSource, type CrdSourceOptions } from './crd-source.ts'
import { differenceTable } from './difference-table.ts'
import {
  loadScheme,
  namesResource,
  resourceOption,
  SCHEME_OPTION_HELP,
  selectResources,
  type SchemeSelection,
} from './load-scheme.ts'

interface DiffOptions extends CrdSourceOptions, SchemeSelection {
  from?: string
  to?: string
  json?: boolean
}

export function registerDiffCommand(program: Command, context: CommandContext): void {
  const command = program
    .command('diff')
    .description(
      'list every schema difference between versions of a resource, by field path: from the scheme, a CRD file or a live CRD'
    )
    .argument('[file]', 'CRDs (apiextensions.k8s.io/v1) to read instead of the scheme; - for stdin')
    .option('--scheme <module>', SCHEME_OPTION_HELP)
    .addOption(resourceOption())
  addCrdSourceOptions(command)
    .option('--from <version>', 'the version to compare from (with --to)')
    .option('--to <version>', 'the version to compare to (with --from)')
    .option('--json', 'print the differences as JSON (one object: "resources", each with "pairs")')
    .addHelpText(
      'after',
      `
Without --from and --to, each pair of adjacent served versions, oldest first (v1alpha1 → v1beta1,
v1beta1 → v1). A scheme's schemas are made by the code crdconv crd writes the CRD with, so a scheme
and its generated CRD give the same differences. Descriptions are not compared.

Examples:
  crdconv diff
  crdconv diff --scheme ./src/scheme.ts --resource crontabs --from v1beta1 --to v1
  crdconv diff clusters.yaml --json
  crdconv diff --from-cluster certificates.cert-manager.io --context prod

Exit codes: 0 the differences were printed (none is not a failure); 1 a version's zod schema
cannot be said as a CRD schema; 2 bad usage: unknown option or version, a resource --resource
does not match, a file that is not a v1 CRD, a CRD --from-cluster cannot read.`
    )
    .action(async (file: string | undefined, options: DiffOptions) => {
      context.exitCode = await runDiff(context.io, file, options)
    })
}

async function runDiff(io: CliIo, file: string | undefined, options: DiffOptions): Promise<number> {
  const fromCrds = file !== undefined || options.fromCluster !== undefined
  if (fromCrds && options.scheme !== undefined) {
    throw new UsageError(
      'options-conflict',
      'give either --scheme or a CRD (a file or --from-cluster), not both'
    )
  }
  const resources = fromCrds
    ? await crdSchemas(io, file, options)
    : selectResources(await loadScheme(options.scheme, io.cwd), options.resource).map(
        schemasOfResource
      )
  let exitCode: number = EXIT.ok
  const report = []
  for (const resource of resources) {
    if (resource.problems.length > 0) {
      io.stderr(
        `crdconv: ${resource.identity.groupKind} cannot be compared, its schemas cannot go into a CRD:\n  - ${resource.problems.join('\n  - ')}\n`
      )
      exitCode = EXIT.problem
      continue
    }
    const chosen = versionPairs(resource, options)
    if ('problem' in chosen) throw new UsageError('version-unknown', chosen.problem)
    report.push({ resource, pairs: diffVersions(resource, chosen.pairs) })
  }
  if (options.json === true) {
    const resources = report.map(({ resource, pairs }) => ({
      resource: resource.identity.crdName,
      groupKind: resource.identity.groupKind,
      pairs,
    }))
    io.stdout(`${JSON.stringify({ resources }, null, 2)}\n`)
  } else {
    io.stdout(
      report
        .map(({ resource, pairs }) => differenceTable(resource.identity.groupKind, pairs))
        .join('\n')
    )
  }
  return exitCode
}

async function crdSchemas(
  io: CliIo,
  file: string | undefined,
  options: DiffOptions
): Promise<VersionedSchemas[]> {
  const text = await readCrdSource(io, file, options)
  const { readCrdDocuments, formatImportProblem } = await import('../import/index.ts')
  const { crds, problems } = readCrdDocuments(text)
  if (problems.length > 0) {
    const source = file ?? options.fromCluster
    const lines = problems.map((problem) => formatImportProblem(problem, source))
    throw new UsageError('input-invalid', `${source} cannot be read:\n  - ${lines.join('\n  - ')}`)
  }
  const all = crds.map(({ crd }) => schemasOfCrd(crd))
  if (options.resource === undefined) return all
  const wanted = options.resource
  const chosen = all.filter((resource) =>
    namesResource(resource.names, resource.identity.group, wanted)
  )
  if (chosen.length === 0) {
    const known = all.map((resource) => resource.identity.crdName).join(', ')
    throw new UsageError(
      'resource-unknown',
      `--resource ${wanted} matches no CRD; the input has ${known}`
    )
  }
  return chosen
}
