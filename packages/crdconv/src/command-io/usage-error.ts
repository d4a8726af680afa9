import { ProblemError } from '@crdconv/webhook/scheme'
import type { ClusterErrorCode } from '../cluster-client/index.ts'
// past lifecycle/index.ts: the lifecycle code behind it prints through this folder's io; and up a
// layer, a type only: a usage error carries the codes of the migration preflight's ClusterError
// eslint-disable-next-line no-restricted-imports
import type { MigrationPreflightCode } from '../lifecycle/migration-block.ts'
import type { UsageErrorCode } from './usage-error-codes.ts'

/**
 * A usage error's code: its own, or that of the cluster's refusal it reports (a `ClusterError`'s:
 * the client's codes, or migrate's preflight codes).
 */
export type UsageProblemCode = UsageErrorCode | ClusterErrorCode | MigrationPreflightCode

/**
 * A mistake in how the command was called or in what it was given to read: exit code 2. The
 * message is printed as one line; the code is for programs and tests.
 *
 * @example
 * ```ts
 * throw new UsageError('options-conflict', '--tls-cert and --tls-key go together')
 * ```
 */
export class UsageError extends ProblemError<UsageProblemCode> {
  override readonly name: string = 'UsageError'
}
