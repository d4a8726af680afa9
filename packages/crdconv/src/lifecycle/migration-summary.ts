import type { MigrationBlock } from './migration-block.ts'
import type { ServerSideResult } from './migration-status.ts'
import type { RewriteCounts } from './rewrite-objects.ts'

/** What `migrateStorage` did (or, with `dryRun`, would do) for one resource. */
export interface MigrationSummary {
  /** `plural.group` */
  readonly crdName: string
  readonly storageVersion: string
  readonly storedVersionsBefore: readonly string[]
  /** `status.storedVersions` at the end; unchanged after a dry run or a failure. */
  readonly storedVersionsAfter: readonly string[]
  /** Nothing to do: `storedVersions` already held the storage version alone. */
  readonly alreadyMigrated: boolean
  /** Undefined when the webhook check stopped the migration before any write. */
  readonly counts?: RewriteCounts
  /** Why nothing was written: a failed webhook check, with what to do. */
  readonly blocked?: MigrationBlock
  /** Set when the API server's own migrator did the work (`migrateServerSide`). */
  readonly serverSide?: ServerSideResult
  /**
   * The pass that moves managedFields to the storage version on its own: after the API server's
   * migrator, or when storedVersions was already pruned (a version removed by hand included).
   */
  readonly ownership?: RewriteCounts
}
