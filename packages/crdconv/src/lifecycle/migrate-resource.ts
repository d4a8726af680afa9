// One resource's storage migration as `crdconv migrate` runs it: by the API server's own migrator
// where the cluster has one and it was asked for, else client-side, its progress shown on stderr.
import type { Resource } from '@crdconv/webhook/scheme'
import type { CliIo } from '../command-io/index.ts'
import type { ClusterClient } from '../cluster-client/index.ts'
import { migrateProgress, serverSideProgress } from './migrate-progress.ts'
import type { StorageMigrationSupport } from './migration-api.ts'
import type { MigrationSummary } from './migration-summary.ts'
import { migrateServerSide } from './server-side-migration.ts'
import { migrateStorage } from './storage-migration.ts'

/** How to migrate: `support` says whether server-side was asked for and what the cluster serves. */
export interface MigrateResourceOptions {
  /** The cluster's storage migration API, when `--server-side` asked for it; else client-side. */
  readonly support: StorageMigrationSupport | undefined
  readonly dryRun: boolean
  /** Client-side: writes in flight at once. */
  readonly concurrency: number
  readonly pageSize: number
  /** Server-side: how long to follow the migration before leaving it to run on. */
  readonly timeoutMs: number
  /** Where progress goes; `tty` shows a bar instead of lines. */
  readonly io: CliIo
  readonly tty: boolean
}

/**
 * Migrates `resource`'s stored objects to its storage version and answers the summary `migrate`
 * prints; a `ClusterError` (unreachable server, RBAC, CRD not installed) is thrown as is.
 *
 * @example
 * ```ts
 * const summary = await migrateResource(client, resource, {
 *   support: undefined, dryRun: true, concurrency: 8, pageSize: 500, timeoutMs: 3_600_000,
 *   io, tty: false,
 * })
 * io.stdout(describeSummary(summary, true))
 * ```
 */
export async function migrateResource(
  client: ClusterClient,
  resource: Resource,
  options: MigrateResourceOptions
): Promise<MigrationSummary> {
  const { support, dryRun, io, tty } = options
  const crdName = resource.identity.crdName
  if (support?.serverSide === true) {
    const progress = serverSideProgress(io, crdName, tty)
    try {
      return await migrateServerSide(client, resource, support, {
        dryRun,
        pageSize: options.pageSize,
        timeoutMs: options.timeoutMs,
        onProgress: progress.update,
      })
    } finally {
      progress.stop()
    }
  }
  const progress = migrateProgress(io, crdName, tty)
  try {
    return await migrateStorage(client, resource, {
      concurrency: options.concurrency,
      pageSize: options.pageSize,
      dryRun,
      onProgress: progress.update,
    })
  } finally {
    progress.stop()
  }
}
