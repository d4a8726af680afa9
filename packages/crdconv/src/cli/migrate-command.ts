import { Option, type Command } from 'commander'
import { qualifiedNameProblem } from '@crdconv/webhook/scheme'
import {
  cleanFailed,
  cleanStoredObjects,
  describeClean,
  describeSummary,
  detectStorageMigration,
  migrateProgress,
  migrateResource,
  migrationFailed,
  type StorageMigrationSupport,
} from '../lifecycle/index.ts'
import { EXIT, processIo, UsageError, type CliIo } from '../command-io/index.ts'
import type { CommandContext } from './command-context.ts'
import {
  addClusterOptions,
  asUsageErrors,
  connectWith,
  type ClusterOptions,
} from './cluster-options.ts'
import { addSchemeOptions, loadSelectedResources, type SchemeSelection } from './load-scheme.ts'
import { parseCount } from './option-parsers.ts'
import type { ClusterClient } from '../cluster-client/index.ts'
import type { Resource } from '@crdconv/webhook/scheme'

export function registerMigrateCommand(program: Command, context: CommandContext): void {
  const command = addSchemeOptions(
    program
      .command('migrate')
      .description(
        'rewrite every stored object at the storage version, its managedFields moved to it, then set status.storedVersions to it alone'
      )
  )
    .addOption(new Option('--kind <name>', 'the former name of --resource').hideHelp())
    .option('--dry-run', 'say what would be rewritten; write nothing')
    .option(
      '--server-side',
      "have the API server's own migrator (StorageVersionMigration) rewrite the objects, where the cluster has it"
    )
    .option(
      '--clean',
      "once the CRD stores and serves one version: remove crdconv's stash and the scheme's declared state annotations from every stored object"
    )
    .option(
      '--state-annotation <name>',
      "with --clean: an earlier webhook's state annotation the scheme does not declare, removed too (repeat for more)",
      (value: string, previous: string[]) => [...previous, value],
      [] as string[]
    )
    .option('--concurrency <n>', 'writes in flight at once', parseCount, 8)
    .option('--page-size <n>', 'objects per list page (limit/continue)', parseCount, 500)
    .option(
      '--timeout <seconds>',
      'with --server-side: how long to follow the migration before leaving it to run on',
      parseCount,
      3600
    )
  addClusterOptions(command).addHelpText(
    'after',
    `
Before writing, it checks that the live CRD's storage version is the scheme's, that RBAC allows
list and update of the kind and update of customresourcedefinitions/status, and that the
webhook converts through the API server (a server-side dry-run create). Each object is written
back unchanged, guarded by its resourceVersion: a concurrent edit (409) is re-read, never
overwritten; a deleted object is skipped; 429 and 5xx are retried with backoff. In the same write,
every metadata.managedFields entry at another version is moved to the storage version, its fields
converted through the scheme (server-side apply fails on an entry whose version is gone); the
summary names the managers that lost a field with no place there. Only when every object was
rewritten is status.storedVersions set to the storage version alone. Stopping and running again
is safe; a run after a complete one only moves managedFields still at other versions (also after
a version was removed by hand).

With --server-side, where the cluster serves storagemigration.k8s.io (v1 since Kubernetes 1.37,
v1beta1 or v1alpha1 before, behind the StorageVersionMigrator feature gate), the same checks
(RBAC: create, get and list storageversionmigrations, update customresourcedefinitions/status),
then a StorageVersionMigration of the resource, followed until it succeeds or fails; after a
success crdconv moves the managedFields, which the cluster's migrator leaves where they were.
status.storedVersions is pruned by crdconv unless the cluster's migrator did; after a failure
it is left listing every version it listed before. Where the cluster has no such API, it says
so and migrates client-side.

With --clean, the step after retire: once status.storedVersions and the served versions are the
storage version alone, it removes from every stored object crdconv's stash annotation
(<group>/conversion-stash), the annotations the scheme's converters declare as places
(move.removed(path, { annotation })) and each --state-annotation, and nothing else. Each object
that carries any is written once, guarded by its resourceVersion like the migration: a concurrent
edit (409) is re-read and kept; labels, other annotations and managedFields stay as they are. It
refuses, writing nothing, while another version is stored or served, or while an object's state
still holds fields of the served version that the object lacks (their restore never ran).

Examples:
  crdconv migrate --scheme ./src/scheme.ts --dry-run
  crdconv migrate --scheme ./src/scheme.ts --resource crontabs --context prod --concurrency 16
  crdconv migrate --scheme ./src/scheme.ts --server-side --context prod
  crdconv migrate --scheme ./src/scheme.ts --clean --state-annotation takeover.crdconv.dev/conversion-data --dry-run

Exit codes: 0 migrated or cleaned (or nothing to do); 1 objects not rewritten or cleaned, the
webhook check failed or state still needed (nothing written), or the server-side
migration failed or did not finish in --timeout; 2 bad usage, no kubeconfig or context,
unreachable API server, CRD not installed, storage version differs from the scheme's, another
version stored or served (--clean), RBAC forbids a verb (nothing written).`
  )
  command.action(async (options: MigrateOptions) => {
    context.exitCode = await migrate(context.io, options)
  })
}

interface MigrateOptions extends ClusterOptions, SchemeSelection {
  /** `--kind`, the hidden former name of `--resource`. */
  kind?: string
  dryRun?: boolean
  serverSide?: boolean
  clean?: boolean
  stateAnnotation: string[]
  concurrency: number
  pageSize: number
  timeout: number
}

async function migrate(io: CliIo, options: MigrateOptions): Promise<number> {
  checkCleanOptions(options)
  const resources = await loadSelectedResources(
    { ...options, resource: options.resource ?? options.kind },
    io.cwd
  )
  const client = await connectWith(options)
  if (options.clean === true) return clean(io, client, resources, options)
  let support: StorageMigrationSupport | undefined
  if (options.serverSide === true) {
    support = await asUsageErrors(() => detectStorageMigration(client))
    if (!support.serverSide) io.stderr(`crdconv: ${support.reason}: migrating client-side\n`)
  }
  const tty = io === processIo && process.stderr.isTTY === true
  let exitCode: number = EXIT.ok
  for (const resource of resources) {
    const summary = await asUsageErrors(() =>
      migrateResource(client, resource, {
        support,
        dryRun: options.dryRun === true,
        concurrency: options.concurrency,
        pageSize: options.pageSize,
        timeoutMs: options.timeout * 1000,
        io,
        tty,
      })
    )
    io.stdout(describeSummary(summary, options.dryRun === true))
    if (migrationFailed(summary)) exitCode = EXIT.problem
  }
  return exitCode
}

async function clean(
  io: CliIo,
  client: ClusterClient,
  resources: readonly Resource[],
  options: MigrateOptions
): Promise<number> {
  const dryRun = options.dryRun === true
  const tty = io === processIo && process.stderr.isTTY === true
  let exitCode: number = EXIT.ok
  for (const resource of resources) {
    const progress = migrateProgress(io, resource.identity.crdName, tty)
    try {
      const summary = await asUsageErrors(() =>
        cleanStoredObjects(client, resource, {
          named: options.stateAnnotation,
          dryRun,
          concurrency: options.concurrency,
          pageSize: options.pageSize,
          onProgress: progress.update,
        })
      )
      io.stdout(describeClean(summary, dryRun))
      if (cleanFailed(summary)) exitCode = EXIT.problem
    } finally {
      progress.stop()
    }
  }
  return exitCode
}

/** `--clean` is client-side only, and `--state-annotation` names qualified annotation names for it. */
function checkCleanOptions(options: MigrateOptions): void {
  if (options.clean === true && options.serverSide === true) {
    throw new UsageError(
      'options-conflict',
      '--clean writes each object itself: give either --clean or --server-side, not both'
    )
  }
  if (options.clean !== true && options.stateAnnotation.length > 0) {
    throw new UsageError(
      'options-conflict',
      '--state-annotation names what --clean removes: add --clean'
    )
  }
  for (const name of options.stateAnnotation) {
    const problem = qualifiedNameProblem(name)
    if (problem !== undefined) {
      throw new UsageError('input-invalid', `--state-annotation ${name}: ${problem}`)
    }
  }
}
