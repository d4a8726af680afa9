import type { Problem, ProblemCode } from '@crdconv/webhook/scheme'

/**
 * Why a migration (or its clean step, `migrate --clean`) did not start, checked before it writes
 * anything: the machine-readable half of the `ClusterError` it throws or the
 * {@link MigrationBlock} it returns.
 */
export const MIGRATION_PREFLIGHT_CODES = [
  'storage-version-differs',
  'permissions-missing',
  'webhook-fails-through-api-server',
  'objects-unreadable',
  'versions-still-stored',
  'versions-still-served',
  'state-still-needed',
] as const

export type MigrationPreflightCode = ProblemCode<typeof MIGRATION_PREFLIGHT_CODES>

/** Why a migration was not started although the cluster was reachable; nothing was written. */
export type MigrationBlock = Problem<MigrationPreflightCode>
