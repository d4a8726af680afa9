// What `crdconv migrate` prints on stdout for each resource, client-side or server-side.
import { countOf } from '../command-io/index.ts'
import type { MigrationSummary } from './migration-summary.ts'
import type { ServerSideResult } from './migration-status.ts'
import type { RewriteCounts } from './rewrite-objects.ts'

const list = (versions: readonly string[]) => `[${versions.join(', ')}]`

const NEXT =
  '  next: stop serving the old versions (served: false), remove them from the scheme, apply crdconv crd; crdconv retire once one version is left'

/** What to do after a rewrite stopped: the webhook's failure, or the API server's, first fixed. */
function rerunOnceAnswering(stopped: string): string {
  const who = /conversion webhook/i.test(stopped)
    ? 'the webhook converts again'
    : 'the API server answers'
  return `nothing past that was written; once ${who} (crdconv status checks it), run crdconv migrate again (it is safe to rerun)`
}

/** Whether the summary means exit code 1: nothing written, objects left, or a migration that failed. */
export function migrationFailed(summary: MigrationSummary): boolean {
  return (
    summary.blocked !== undefined ||
    (summary.counts?.failures.length ?? 0) > 0 ||
    summary.counts?.stopped !== undefined ||
    (summary.ownership?.failures.length ?? 0) > 0 ||
    summary.ownership?.stopped !== undefined ||
    summary.serverSide?.problem !== undefined
  )
}

/** The summary of one resource's migration, as lines ending in a newline. */
export function describeSummary(summary: MigrationSummary, dryRun: boolean): string {
  const ownership = summary.ownership ?? summary.counts
  return (
    describeData(summary, dryRun) +
    (ownership === undefined ? '' : describeOwnership(summary, ownership, dryRun))
  )
}

function describeData(summary: MigrationSummary, dryRun: boolean): string {
  const { crdName, storageVersion, counts } = summary
  if (summary.alreadyMigrated) {
    // the managedFields move, when there is one, follows on the next lines
    const moves = (summary.ownership?.ownershipMoved ?? 0) > 0
    return `${crdName}: ${moves ? 'no data' : 'nothing'} to migrate: storedVersions is already ${list(summary.storedVersionsAfter)}\n`
  }
  if (summary.blocked !== undefined) return `${crdName}: not migrated: ${summary.blocked.message}\n`
  if (summary.serverSide !== undefined) return describeServerSide(summary, summary.serverSide)
  if (counts === undefined) return `${crdName}: nothing done\n`
  if (dryRun) {
    return (
      `${crdName}: would rewrite ${countOf(counts.seen, 'object')} at ${storageVersion}, then set storedVersions ` +
      `from ${list(summary.storedVersionsBefore)} to [${storageVersion}] (dry run: nothing written)\n`
    )
  }
  const lines = [
    `${crdName}: rewrote ${counts.rewritten} of ${countOf(counts.seen, 'object')} at ${storageVersion} ` +
      `(${countOf(counts.conflicts, 'conflict')} re-read, ${counts.deleted} deleted meanwhile, ${countOf(counts.retries, 'retry', 'retries')}, ${counts.failures.length} failed)`,
  ]
  for (const failure of counts.failures.slice(0, 20)) {
    lines.push(`  - ${failure.object}: ${failure.message}`)
  }
  if (counts.failures.length > 20) lines.push(`  - … and ${counts.failures.length - 20} more`)
  if (counts.stopped !== undefined) {
    lines[0] = `${crdName}: stopped after rewriting ${counts.rewritten} of ${countOf(counts.total ?? counts.seen, 'object')} at ${storageVersion}`
    lines.push(
      `  ${counts.stopped.message}`,
      `  storedVersions left at ${list(summary.storedVersionsAfter)}: ${rerunOnceAnswering(counts.stopped.message)}`
    )
  } else if (counts.failures.length > 0) {
    lines.push(
      `  storedVersions left at ${list(summary.storedVersionsAfter)}: fix the failures and run crdconv migrate again (it is safe to rerun)`
    )
  } else {
    lines.push(
      `  storedVersions: ${list(summary.storedVersionsBefore)} -> ${list(summary.storedVersionsAfter)}`,
      NEXT
    )
  }
  return `${lines.join('\n')}\n`
}

function describeServerSide(summary: MigrationSummary, result: ServerSideResult): string {
  const { crdName, storageVersion } = summary
  const before = list(summary.storedVersionsBefore)
  const objects = result.objects === undefined ? 'every object' : countOf(result.objects, 'object')
  if (result.outcome === 'dry-run') {
    return (
      `${crdName}: would create a StorageVersionMigration (${result.groupVersion}): the API server would rewrite ` +
      `${objects} at ${storageVersion}, then storedVersions would go from ${before} to [${storageVersion}] ` +
      `(dry run: the API server admitted the migration; nothing written)\n`
    )
  }
  const which = `StorageVersionMigration ${result.migration}, ${result.groupVersion}${result.followed ? ', already under way: followed' : ''}`
  const after = list(summary.storedVersionsAfter)
  if (result.outcome === 'succeeded') {
    const lines = [`${crdName}: the API server rewrote ${objects} at ${storageVersion} (${which})`]
    if (result.problem !== undefined) {
      lines.push(`  not pruned: ${result.problem}`)
    } else {
      const by = result.prunedBy === 'cluster' ? "the cluster's migrator" : 'crdconv'
      lines.push(`  storedVersions: ${before} -> ${after} (pruned by ${by})`, NEXT)
    }
    return `${lines.join('\n')}\n`
  }
  const verb = result.outcome === 'failed' ? 'not migrated' : 'not finished'
  const restored =
    result.restored === undefined || result.restored.length === 0
      ? ''
      : ` (the cluster's migrator had dropped ${result.restored.join(', ')} although the migration failed: crdconv put ${result.restored.length === 1 ? 'it' : 'them'} back)`
  const lines = [`${crdName}: ${verb}: ${result.problem ?? 'no verdict'}`]
  lines.push(
    result.outcome === 'failed'
      ? `  storedVersions left at ${after}${restored}: fix the cause and run crdconv migrate --server-side again, or crdconv migrate (client-side) to list every object that fails`
      : `  storedVersions left at ${after}`
  )
  return `${lines.join('\n')}\n`
}

/**
 * The managedFields move: how many objects, and which managers lost ownership of what (fields
 * with no place at the storage version, or a whole entry whose set could not be read).
 */
function describeOwnership(
  summary: MigrationSummary,
  counts: RewriteCounts,
  dryRun: boolean
): string {
  // the storage rewrite lists its own failures; the managedFields pass alone lists them here
  const failures = summary.ownership === undefined ? [] : counts.failures
  const failed = failures
    .slice(0, 20)
    .map((failure) => `  - ${failure.object}: managedFields not moved: ${failure.message}`)
  if (failures.length > 20) failed.push(`  - … and ${failures.length - 20} more`)
  if (counts.stopped !== undefined && summary.ownership !== undefined) {
    failed.push(`  - managedFields not moved: ${counts.stopped.message}`)
  }
  if (failed.length > 0) failed.push('  run crdconv migrate again (it is safe to rerun)')
  const tail = failed.length === 0 ? '' : `${failed.join('\n')}\n`
  if (counts.ownershipMoved === 0) return tail
  const { storageVersion } = summary
  if (dryRun) {
    return `  managedFields: would move the field managers of ${countOf(counts.ownershipMoved, 'object')} to ${storageVersion}\n`
  }
  const lines = [
    `  managedFields: moved the field managers of ${countOf(counts.ownershipMoved, 'object')} to ${storageVersion}` +
      (counts.ownershipLossCount === 0
        ? ' (every owned field kept)'
        : `; ${countOf(counts.ownershipLossCount, 'entry', 'entries')} lost fields with no place at ${storageVersion}:`),
  ]
  for (const loss of counts.ownershipLosses) {
    const what =
      loss.fields.length === 0 ? 'its whole entry (unreadable field set)' : loss.fields.join(', ')
    lines.push(
      `  - ${loss.object}: ${loss.manager} (${loss.operation} at ${loss.version}) no longer owns ${what}`
    )
  }
  const more = counts.ownershipLossCount - counts.ownershipLosses.length
  if (more > 0) lines.push(`  - … and ${more} more`)
  return `${lines.join('\n')}\n${tail}`
}
