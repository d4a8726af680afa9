import { ProblemError } from '@crdconv/webhook/scheme'
import type { ClusterErrorCode } from '../cluster-client/index.ts'
import type { UsageErrorCode } from './usage-error-codes.ts'

/**
 * A usage error's code: its own, or that of the cluster's refusal it reports (a `ClusterError`'s,
 * whose type names the client's codes; migrate's preflight throws its own, `MIGRATION_PREFLIGHT_CODES`,
 * which cli/ cannot name without an import circle through lifecycle/).
 */
export type UsageProblemCode = UsageErrorCode | ClusterErrorCode

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
