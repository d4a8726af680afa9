import { Option, type Command } from 'commander'
import {
  describeSummary,
  detectStorageMigration,
  migrateResource,
  migrationFailed,
  type StorageMigrationSupport,
} from '../lifecycle/index.ts'
import { EXIT, processIo, type CliIo } from '../command-io/index.ts'
import type { CommandContext } from './command-context.ts'
import {
  addClusterOptions,
  asUsageErrors,
  connectWith,
  type ClusterOptions,
} from './cluster-options.ts'
import { addSchemeOptions, loadSelectedResources, type SchemeSelection } from './load-scheme.ts'
import { parseCount } from './option-parsers.ts'

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

Examples:
  crdconv migrate --scheme ./src/scheme.ts --dry-run
  crdconv migrate --scheme ./src/scheme.ts --resource crontabs --context prod --concurrency 16
  crdconv migrate --scheme ./src/scheme.ts --server-side --context prod

Exit codes: 0 migrated (or nothing to do); 1 some objects were not rewritten, the webhook
check failed (nothing written), or the server-side migration failed or did not finish in
--timeout; 2 bad usage, no kubeconfig or context, unreachable API server, CRD not installed,
storage version differs from the scheme's, RBAC forbids a verb (nothing written).`
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
  concurrency: number
  pageSize: number
  timeout: number
}

async function migrate(io: CliIo, options: MigrateOptions): Promise<number> {
  const resources = await loadSelectedResources(
    { ...options, resource: options.resource ?? options.kind },
    io.cwd
  )
  const client = await connectWith(options)
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
