// What `crdconv migrate --clean` prints on stdout for each resource.
import { countOf } from '../command-io/index.ts'
import type { CleanSummary } from './clean-objects.ts'

/** Whether the summary means exit code 1: nothing written, or objects left carrying state. */
export function cleanFailed(summary: CleanSummary): boolean {
  return (
    summary.blocked !== undefined ||
    summary.leftNeeded.length > 0 ||
    (summary.counts?.failures.length ?? 0) > 0 ||
    summary.counts?.stopped !== undefined
  )
}

/**
 * The summary of one resource's clean step, as lines ending in a newline.
 *
 * @example
 * ```ts
 * io.stdout(describeClean(await cleanStoredObjects(client, cronTab, options), false))
 * // crontabs.example.com: cleaned 3 of 5 objects at v1 (0 conflicts re-read, …)
 * ```
 */
export function describeClean(summary: CleanSummary, dryRun: boolean): string {
  const { crdName, version, counts } = summary
  const objects = countOf(summary.checked, 'object')
  if (summary.blocked !== undefined) return `${summary.blocked.message}\n`
  if (summary.carrying === 0) {
    return `${crdName}: nothing to clean: none of ${objects} at ${version} carries ${summary.annotations.join(', ')}\n`
  }
  const carried = summary.carriedBy
    .filter(([, count]) => count > 0)
    .map(([name, count]) => `${name} from ${countOf(count, 'object')}`)
    .join(', ')
  if (dryRun || counts === undefined) {
    return `${crdName}: would clean ${summary.carrying} of ${objects} at ${version}: ${carried} (dry run: nothing written)\n`
  }
  const lines = [
    `${crdName}: cleaned ${counts.rewritten} of ${countOf(counts.seen, 'object')} at ${version}, one write each ` +
      `(${countOf(counts.conflicts, 'conflict')} re-read, ${counts.deleted} deleted meanwhile, ` +
      `${countOf(counts.retries, 'retry', 'retries')}, ${counts.failures.length} failed)`,
    `  removed: ${carried}; labels, other annotations, managedFields and every field kept`,
  ]
  for (const failure of counts.failures.slice(0, 20)) {
    lines.push(`  - ${failure.object}: not cleaned: ${failure.message}`)
  }
  if (counts.failures.length > 20) lines.push(`  - … and ${counts.failures.length - 20} more`)
  for (const left of summary.leftNeeded.slice(0, 20)) {
    lines.push(
      `  - ${left.object}: not cleaned: edited meanwhile, ${left.annotation} now holds ${left.fields.join(', ')} for ${version}, which the object lacks`
    )
  }
  if (counts.stopped !== undefined) {
    lines.push(`  stopped: ${counts.stopped.message}`)
  }
  lines.push(
    cleanFailed(summary)
      ? '  run crdconv migrate --clean again once fixed (it is safe to rerun)'
      : '  no object carries conversion state any more'
  )
  return `${lines.join('\n')}\n`
}
