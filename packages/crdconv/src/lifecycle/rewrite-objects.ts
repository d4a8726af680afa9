import {
  describeObject,
  type KubeObject,
  type Problem,
  type ProblemCode,
} from '@crdconv/webhook/scheme'
import {
  apiFailure,
  describeApiError,
  explainClusterError,
  isTransient,
  type ClusterClient,
  objectPages,
  readObject,
  replaceObject,
  resourceName,
  type ObjectsAt,
} from '../cluster-client/index.ts'
import type { OwnershipLoss, OwnershipRewrite } from './ownership-rewrite.ts'

export interface RewriteOptions {
  /** Writes in flight at once. */
  readonly concurrency: number
  /** Objects per list page (`limit`). */
  readonly pageSize: number
  /** Only count what would be rewritten. */
  readonly dryRun: boolean
  /** Attempts of one write on 429, 5xx or a dropped connection. */
  readonly attempts?: number
  /** First backoff delay; it doubles with each attempt, up to 5 s. */
  readonly backoffMs?: number
  readonly onProgress?: (counts: RewriteCounts) => void
  /** Moves an object's managedFields to the storage version (`ownershipRewriter`). */
  readonly ownership?: (object: KubeObject) => OwnershipRewrite | undefined
  /** Write only the objects whose managedFields `ownership` moves (after another migrator). */
  readonly ownershipOnly?: boolean
  /**
   * The object to write instead of the one read, or `undefined` to leave it unwritten; called
   * again on the newer object after a 409, so a concurrent edit is kept.
   */
  readonly edit?: (object: KubeObject) => KubeObject | undefined
}

/** Where a rewrite stands; `total` is the API server's estimate, known after the first page. */
export interface RewriteCounts {
  total: number | undefined
  seen: number
  rewritten: number
  /** Deleted by someone else between the list and the write: nothing to migrate. */
  deleted: number
  /** Written by someone else meanwhile (409): re-read and written back again. */
  conflicts: number
  /** Writes tried again after 429, 5xx or a dropped connection. */
  retries: number
  failures: RewriteFailure[]
  /** Objects whose managedFields were moved to the storage version (would be, in a dry run). */
  ownershipMoved: number
  /** What field managers lost on the way: the first `MAX_LOSSES`, and how many in all. */
  ownershipLosses: OwnershipLoss[]
  ownershipLossCount: number
  /**
   * Why the rewrite stopped before the last object: the API server refused to list or re-read
   * them (a conversion webhook that fails or went down), or could not be reached. Nothing after
   * that was written; storedVersions must stay as it was.
   */
  stopped?: Problem<RewriteFailureCode>
}

/** Losses kept for the summary; the rest are counted, so memory stays flat at any size. */
export const MAX_LOSSES = 50

/**
 * Why one object was not rewritten: the API server refused the write (a conversion failure, a
 * validation error), kept answering 409 or kept failing for a while (429, 5xx, a dropped connection).
 */
export const REWRITE_FAILURE_CODES = [
  'write-refused',
  'conflicts-exhausted',
  'retries-exhausted',
  'listing-stopped',
] as const

export type RewriteFailureCode = ProblemCode<typeof REWRITE_FAILURE_CODES>

/** One object left at its old version; the message is the API server's. */
export interface RewriteFailure extends Problem<RewriteFailureCode> {
  /** `namespace/name` or `name`. */
  readonly object: string
}

const MAX_CONFLICTS = 5

/**
 * Lists every object of the kind at `at.version` (the storage version) page by page and writes
 * each back unchanged, guarded by its `resourceVersion`, so the API server stores it at the
 * storage version. A 409 re-reads the newer object and writes that back (never an older copy
 * over a newer one); a 404 skips; 429/5xx back off and retry; 401/403 stop everything.
 */
export async function rewriteAllObjects(
  client: ClusterClient,
  at: ObjectsAt,
  options: RewriteOptions
): Promise<RewriteCounts> {
  const counts: RewriteCounts = {
    total: undefined,
    seen: 0,
    rewritten: 0,
    deleted: 0,
    conflicts: 0,
    retries: 0,
    failures: [],
    ownershipMoved: 0,
    ownershipLosses: [],
    ownershipLossCount: 0,
  }
  const report = () => options.onProgress?.(counts)
  try {
    await rewritePages(client, at, options, counts, report)
  } catch (error) {
    const refusal = describeApiError(error)
    if (refusal === undefined) throw error
    counts.stopped = {
      code: 'listing-stopped',
      message: `the objects at ${at.version} could not be listed or read (${client.server}): ${refusal}`,
    }
    report()
    return counts
  }
  counts.total = counts.seen
  report()
  return counts
}

async function rewritePages(
  client: ClusterClient,
  at: ObjectsAt,
  options: RewriteOptions,
  counts: RewriteCounts,
  report: () => void
): Promise<void> {
  for await (const page of objectPages(client, at, options.pageSize)) {
    if (counts.total === undefined || page.remaining !== undefined) {
      counts.total = counts.seen + page.items.length + (page.remaining ?? 0)
    }
    if (options.dryRun) {
      counts.seen += page.items.length
      for (const object of page.items) {
        if (options.ownership?.(object) !== undefined) counts.ownershipMoved += 1
      }
      report()
      continue
    }
    await forEachConcurrently(page.items, options.concurrency, async (object) => {
      const outcome = await rewriteOne(client, at, object, options, counts)
      counts.seen += 1
      if (outcome === 'rewritten') counts.rewritten += 1
      else if (outcome === 'deleted') counts.deleted += 1
      else if (outcome !== 'unchanged') counts.failures.push(outcome)
      report()
    })
  }
}

async function rewriteOne(
  client: ClusterClient,
  at: ObjectsAt,
  listed: KubeObject,
  options: RewriteOptions,
  counts: RewriteCounts
): Promise<'rewritten' | 'unchanged' | 'deleted' | RewriteFailure> {
  const where = locate(listed)
  const label = describeObject({ metadata: where })
  const attempts = options.attempts ?? 6
  let current = listed
  let conflicts = 0
  for (let attempt = 1; ; attempt += 1) {
    const ownership = options.ownership?.(current)
    if (ownership === undefined && options.ownershipOnly === true) return 'unchanged'
    const written = options.edit === undefined ? current : options.edit(current)
    if (written === undefined) return 'unchanged'
    try {
      await replaceObject(client, at, withManagedFields(written, ownership))
      if (ownership !== undefined) countOwnership(counts, ownership)
      return 'rewritten'
    } catch (error) {
      const failure = apiFailure(error)
      if (failure?.code === 404) return 'deleted'
      if (failure?.code === 401 || failure?.code === 403) {
        throw explainClusterError(
          error,
          { verb: 'update', resource: resourceName(at), name: label },
          client
        )
      }
      if (failure?.code === 409 && conflicts < MAX_CONFLICTS) {
        conflicts += 1
        counts.conflicts += 1
        const fresh = await reread(client, at, where, options, counts)
        if (fresh === 'deleted') return 'deleted'
        current = fresh
        continue
      }
      if (isTransient(error) && attempt < attempts) {
        counts.retries += 1
        await sleep(backoff(attempt, options.backoffMs ?? 200, failure?.retryAfter))
        continue
      }
      const reason = failure?.message ?? (error instanceof Error ? error.message : String(error))
      const code: RewriteFailureCode =
        failure?.code === 409
          ? 'conflicts-exhausted'
          : isTransient(error)
            ? 'retries-exhausted'
            : 'write-refused'
      return { code, object: label, message: reason }
    }
  }
}

async function reread(
  client: ClusterClient,
  at: ObjectsAt,
  where: { name: string; namespace?: string },
  options: RewriteOptions,
  counts: RewriteCounts
): Promise<KubeObject | 'deleted'> {
  const attempts = options.attempts ?? 6
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await readObject(client, at, where)
    } catch (error) {
      if (apiFailure(error)?.code === 404) return 'deleted'
      if (!isTransient(error) || attempt >= attempts) throw error
      counts.retries += 1
      await sleep(backoff(attempt, options.backoffMs ?? 200, apiFailure(error)?.retryAfter))
    }
  }
}

function withManagedFields(
  object: KubeObject,
  ownership: OwnershipRewrite | undefined
): KubeObject {
  if (ownership === undefined) return object
  return { ...object, metadata: { ...object.metadata, managedFields: ownership.managedFields } }
}

function countOwnership(counts: RewriteCounts, ownership: OwnershipRewrite): void {
  counts.ownershipMoved += 1
  counts.ownershipLossCount += ownership.losses.length
  const room = MAX_LOSSES - counts.ownershipLosses.length
  if (room > 0) counts.ownershipLosses.push(...ownership.losses.slice(0, room))
}

function locate(object: KubeObject): { name: string; namespace?: string } {
  const metadata = (object.metadata ?? {}) as { name?: string; namespace?: string }
  return {
    name: metadata.name ?? '',
    ...(metadata.namespace === undefined ? {} : { namespace: metadata.namespace }),
  }
}

/** Exponential backoff with jitter, or the server's `Retry-After` when it sent one. */
function backoff(attempt: number, baseMs: number, retryAfterSeconds?: number): number {
  if (retryAfterSeconds !== undefined) return Math.min(retryAfterSeconds * 1000, 30_000)
  const delay = Math.min(baseMs * 2 ** (attempt - 1), 5_000)
  return delay / 2 + Math.random() * (delay / 2)
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Runs `work` on every item with at most `limit` at once. */
async function forEachConcurrently<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>
): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const item = items[next] as T
      next += 1
      await work(item)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
}
