import { ProblemError, type ProblemCode } from '@crdconv/webhook/scheme'

/** What about the cluster stopped a command: the machine-readable half of a {@link ClusterError}. */
export const CLUSTER_ERROR_CODES = [
  'kubeconfig-missing',
  'kubeconfig-unreadable',
  'context-not-found',
  'no-current-context',
  'service-account-missing',
  'credentials-refused',
  'rbac-forbidden',
  'api-server-unreachable',
  'crd-not-installed',
] as const

export type ClusterErrorCode = ProblemCode<typeof CLUSTER_ERROR_CODES>

/**
 * Something about the cluster stops a command before it changes anything: a missing kubeconfig
 * or context, an unreachable API server, a CRD that is not installed, RBAC that forbids a verb.
 * The message names the thing and the fix; the CLI answers it with exit code 2. A domain above
 * the client (a migration's preflight) throws it with codes of its own table.
 *
 * @example
 * ```ts
 * throw new ClusterError('crd-not-installed', `CRD ${name} is not installed in context ${context}`)
 * ```
 */
export class ClusterError<Code extends string = ClusterErrorCode> extends ProblemError<Code> {
  override readonly name: string = 'ClusterError'
}

/** One request the way RBAC sees it, for messages: `update crontabs.example.com`. */
export interface ClusterAction {
  readonly verb: string
  /** `plural.group`, `plural` for the core group, `customresourcedefinitions/status`. */
  readonly resource: string
  readonly name?: string
  readonly namespace?: string
}

/** What the API server answered: its HTTP status and the `Status` message, if any. */
export interface ApiFailure {
  readonly code: number
  readonly message: string
  /** Seconds from a `Retry-After` header. */
  readonly retryAfter?: number
}

/** The HTTP status and message of an error from `@kubernetes/client-node`, else undefined. */
export function apiFailure(error: unknown): ApiFailure | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const { code, body, headers } = error as { code?: unknown; body?: unknown; headers?: unknown }
  if (typeof code !== 'number' || code < 100) return undefined
  const status = parseBody(body)
  const retryAfterHeader =
    typeof headers === 'object' && headers !== null
      ? (headers as Record<string, unknown>)['retry-after']
      : undefined
  const retryAfter = Number(retryAfterHeader)
  return {
    code,
    message:
      typeof status?.['message'] === 'string' && status['message'].trim() !== ''
        ? status['message']
        : `HTTP ${code}`,
    ...(Number.isFinite(retryAfter) && retryAfterHeader !== undefined ? { retryAfter } : {}),
  }
}

function parseBody(body: unknown): Record<string, unknown> | undefined {
  if (typeof body === 'object' && body !== null) return body as Record<string, unknown>
  if (typeof body !== 'string') return undefined
  try {
    const parsed: unknown = JSON.parse(body)
    return typeof parsed === 'object' && parsed !== null
      ? (parsed as Record<string, unknown>)
      : undefined
  } catch {
    return { message: body }
  }
}

/** The system error code (ECONNREFUSED, ENOTFOUND, ETIMEDOUT…) somewhere in `error`'s causes. */
export function networkErrorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current !== undefined && depth < 5; depth += 1) {
    if (typeof current !== 'object' || current === null) return undefined
    const { code, errno, cause } = current as { code?: unknown; errno?: unknown; cause?: unknown }
    if (typeof code === 'string' && /^E[A-Z_]+$/.test(code)) return code
    if (typeof errno === 'string' && /^E[A-Z_]+$/.test(errno)) return errno
    current = cause
  }
  return undefined
}

/**
 * What an API server's refusal, or a failed connection, says, in one line: the `Status`
 * message (a conversion webhook's own `result.message` is in it) and the HTTP status, or the
 * system error code. Never the client library's dump (`HTTP-Code: 500 Message: Unknown API
 * Status Code! Body: … Headers: …`); undefined for an error that is neither.
 *
 * @example
 * ```ts
 * describeApiError(apiException)
 * // 'the API server answered HTTP 500: conversion webhook for example.com/v1beta1, Kind=CronTab failed: …'
 * ```
 */
export function describeApiError(error: unknown): string | undefined {
  const failure = apiFailure(error)
  if (failure !== undefined) {
    const answered = `the API server answered HTTP ${failure.code}`
    return failure.message === `HTTP ${failure.code}` ? answered : `${answered}: ${failure.message}`
  }
  const network = networkErrorCode(error)
  return network === undefined ? undefined : `the API server did not answer (${network})`
}

/** Whether a request that failed this way may succeed later: 429, 5xx, a dropped connection. */
export function isTransient(error: unknown): boolean {
  const failure = apiFailure(error)
  if (failure !== undefined) return failure.code === 429 || failure.code >= 500
  const network = networkErrorCode(error)
  return network === 'ECONNRESET' || network === 'ETIMEDOUT' || network === 'EPIPE'
}

/** Where the client talks to, for messages. */
export interface ClusterTarget {
  readonly server: string
  readonly contextName: string
  /** Set in a pod (in-cluster config): the service account the client acts as. */
  readonly serviceAccount?: ServiceAccountCredentials
}

/** A pod's service account as the client uses it, for messages. */
export interface ServiceAccountCredentials {
  /** `namespace/name` from the token's claims; undefined when the token names none. */
  readonly name: string | undefined
  /** The token file, re-read as the kubelet rotates it. */
  readonly tokenFile: string
}

/** Whom RBAC sees, for messages: `context prod`, or in a pod `service account crdconv/migrator`. */
export function actingAs(target: ClusterTarget): string {
  const account = target.serviceAccount
  if (account === undefined) return `context ${target.contextName}`
  return account.name === undefined
    ? "the pod's service account"
    : `service account ${account.name}`
}

/**
 * `error` as a `ClusterError` that says what was tried against which cluster and what to do,
 * or `error` itself when it is none of the cluster's usual refusals.
 */
export function explainClusterError(
  error: unknown,
  action: ClusterAction,
  target: ClusterTarget
): unknown {
  const where = `the API server at ${target.server} (context ${target.contextName})`
  const what = `${action.verb} ${action.resource}${action.name === undefined ? '' : ` ${action.name}`}`
  const failure = apiFailure(error)
  const account = target.serviceAccount
  if (failure?.code === 401) {
    return new ClusterError(
      'credentials-refused',
      account === undefined
        ? `${where} refused the credentials for ${what}: refresh them, or pick another --context`
        : `${where} refused the token of ${actingAs(target)} (${account.tokenFile}) for ${what}: ` +
            "the token expired, was made for another audience or outlived its service account; check the pod's serviceAccountName and its mounted token"
    )
  }
  if (failure?.code === 403) {
    const grant = `Grant the verb "${action.verb}" on "${action.resource}" (a Role or ClusterRole)`
    return new ClusterError(
      'rbac-forbidden',
      account === undefined
        ? `RBAC forbids ${action.verb} on ${action.resource} for context ${target.contextName}: ` +
            `${failure.message}. ${grant}, or use a --context that has it`
        : `RBAC forbids ${action.verb} on ${action.resource} for ${actingAs(target)}: ` +
            `${failure.message}. ${grant} and bind it to that service account`
    )
  }
  const network = networkErrorCode(error)
  if (failure === undefined && network !== undefined) {
    return new ClusterError(
      'api-server-unreachable',
      `cannot reach ${where} (${network}) to ${what}: is the cluster running, and is --context the right one?`
    )
  }
  return error
}
