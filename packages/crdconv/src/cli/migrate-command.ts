import { Option, type Command } from 'commander'
import { migrateStorage, type MigrationSummary } from '../cluster/storage-migration.ts'
import { EXIT, processIo, type CliIo, type CommandContext } from './cli-io.ts'
import {
  addClusterOptions,
  asUsageErrors,
  connectWith,
  type ClusterOptions,
} from './cluster-options.ts'
import { loadScheme, SCHEME_OPTION_HELP, selectResources, resourceOption } from './load-scheme.ts'
import { migrateProgress } from './migrate-progress.ts'
import { parseCount } from './option-parsers.ts'

export function registerMigrateCommand(program: Command, context: CommandContext): void {
  const command = program
    .command('migrate')
    .description(
      'rewrite every stored object at the storage version, then set status.storedVersions to it alone'
    )
    .option('--scheme <module>', SCHEME_OPTION_HELP)
    .addOption(resourceOption())
    .addOption(new Option('--kind <name>', 'the former name of --resource').hideHelp())
    .option('--dry-run', 'say what would be rewritten; write nothing')
    .option('--concurrency <n>', 'writes in flight at once', parseCount, 8)
    .option('--page-size <n>', 'objects per list page (limit/continue)', parseCount, 500)
  addClusterOptions(command).addHelpText(
    'after',
    `
Before writing, it checks that the live CRD's storage version is the scheme's, that RBAC allows
list and update of the kind and update of customresourcedefinitions/status, and that the
webhook converts through the API server (a server-side dry-run create). Each object is written
back unchanged, guarded by its resourceVersion: a concurrent edit (409) is re-read, never
overwritten; a deleted object is skipped; 429 and 5xx are retried with backoff. Only when every
object was rewritten is status.storedVersions set to the storage version alone. Stopping and
running again is safe; a run after a complete one does nothing.

Examples:
  crdconv migrate --scheme ./src/scheme.ts --dry-run
  crdconv migrate --scheme ./src/scheme.ts --resource crontabs --context prod --concurrency 16

Exit codes: 0 migrated (or nothing to do); 1 some objects were not rewritten, or the webhook
check failed (nothing written); 2 bad usage, no kubeconfig or context, unreachable API server,
CRD not installed, storage version differs from the scheme's, RBAC forbids a verb (nothing written).`
  )
  command.action(async (options: MigrateOptions) => {
    context.exitCode = await migrate(context.io, options)
  })
}

interface MigrateOptions extends ClusterOptions {
  scheme?: string
  resource?: string
  /** `--kind`, the hidden former name of `--resource`. */
  kind?: string
  dryRun?: boolean
  concurrency: number
  pageSize: number
}

async function migrate(io: CliIo, options: MigrateOptions): Promise<number> {
  const scheme = await loadScheme(options.scheme, io.cwd)
  const resources = selectResources(scheme, options.resource ?? options.kind)
  const client = await connectWith(options)
  const tty = io === processIo && process.stderr.isTTY === true
  let exitCode: number = EXIT.ok
  for (const resource of resources) {
    const crdName = resource.identity.crdName
    const progress = migrateProgress(io, crdName, tty)
    let summary: MigrationSummary
    try {
      summary = await asUsageErrors(() =>
        migrateStorage(client, resource, {
          concurrency: options.concurrency,
          pageSize: options.pageSize,
          dryRun: options.dryRun === true,
          onProgress: progress.update,
        })
      )
    } finally {
      progress.stop()
    }
    io.stdout(describeSummary(summary, options.dryRun === true))
    if (summary.blocked !== undefined || (summary.counts?.failures.length ?? 0) > 0) {
      exitCode = EXIT.problem
    }
  }
  return exitCode
}

const list = (versions: readonly string[]) => `[${versions.join(', ')}]`

function describeSummary(summary: MigrationSummary, dryRun: boolean): string {
  const { crdName, storageVersion, counts } = summary
  if (summary.alreadyMigrated) {
    return `${crdName}: nothing to migrate: storedVersions is already ${list(summary.storedVersionsAfter)}\n`
  }
  if (summary.blocked !== undefined) return `${crdName}: not migrated: ${summary.blocked}\n`
  if (counts === undefined) return `${crdName}: nothing done\n`
  if (dryRun) {
    return (
      `${crdName}: would rewrite ${counts.seen} objects at ${storageVersion}, then set storedVersions ` +
      `from ${list(summary.storedVersionsBefore)} to [${storageVersion}] (dry run: nothing written)\n`
    )
  }
  const lines = [
    `${crdName}: rewrote ${counts.rewritten} of ${counts.seen} objects at ${storageVersion} ` +
      `(${counts.conflicts} conflicts re-read, ${counts.deleted} deleted meanwhile, ${counts.retries} retries, ${counts.failures.length} failed)`,
  ]
  for (const failure of counts.failures.slice(0, 20)) {
    lines.push(`  - ${failure.object}: ${failure.message}`)
  }
  if (counts.failures.length > 20) lines.push(`  - … and ${counts.failures.length - 20} more`)
  if (counts.failures.length > 0) {
    lines.push(
      `  storedVersions left at ${list(summary.storedVersionsAfter)}: fix the failures and run crdconv migrate again (it is safe to rerun)`
    )
  } else {
    lines.push(
      `  storedVersions: ${list(summary.storedVersionsBefore)} -> ${list(summary.storedVersionsAfter)}`,
      `  next: stop serving the old versions (served: false), remove them from the scheme, apply crdconv crd; crdconv retire once one version is left`
    )
  }
  return `${lines.join('\n')}\n`
}
