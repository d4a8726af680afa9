// Following one StorageVersionMigration to its end: a watch of the object (every condition it
// goes through, the controller's counts among them), read again whenever the watch ends.
import {
  apiFailure,
  explainClusterError,
  isTransient,
  type ClusterClient,
} from '../cluster-client/index.ts'
import { readMigration, STORAGE_MIGRATION_GROUP, type ServerSideSupport } from './migration-api.ts'
import {
  describeCondition,
  migrationState,
  type MigrationState,
  type StorageVersionMigrationObject,
} from './migration-status.ts'

export interface FollowOptions {
  /** How long to follow before leaving the migration to run on. */
  readonly timeoutMs: number
  /** How long a controller may take to pick the migration up. */
  readonly startTimeoutMs: number
  /** Between two reads when a watch cannot be had. */
  readonly pollMs: number
  readonly onProgress?: (migration: string, state: MigrationState) => void
}

/** The end of a migration: its last state, or why crdconv stopped following it. */
export interface FollowEnd {
  readonly state?: MigrationState
  readonly problem?: string
}

const final = (state: MigrationState | undefined) =>
  state?.phase === 'succeeded' || state?.phase === 'failed'

/** A state keeps the counts of the one before when its own messages no longer carry them. */
function withKnownCounts(
  state: MigrationState,
  before: MigrationState | undefined
): MigrationState {
  if (state.total !== undefined || before?.total === undefined) return state
  const remaining = state.phase === 'succeeded' ? 0 : before.remaining
  return { ...state, total: before.total, ...(remaining === undefined ? {} : { remaining }) }
}

/**
 * Follows the migration `name` until it succeeds or fails; answers its last state, or a problem
 * when no controller takes it up in time, it outlasts `timeoutMs`, or it is deleted.
 */
export async function followMigration(
  client: ClusterClient,
  api: ServerSideSupport,
  name: string,
  label: string,
  options: FollowOptions
): Promise<FollowEnd> {
  const started = Date.now()
  let state: MigrationState | undefined
  const see = (migration: StorageVersionMigrationObject) => {
    state = withKnownCounts(migrationState(migration), state)
    options.onProgress?.(name, state)
  }
  for (;;) {
    let resourceVersion: string | undefined
    try {
      const migration = await readMigration(client, api, name)
      see(migration)
      resourceVersion = (migration.metadata as { resourceVersion?: string }).resourceVersion
    } catch (error) {
      if (apiFailure(error)?.code === 404) {
        return {
          problem: `${label} was deleted before it finished: run crdconv migrate --server-side again`,
        }
      }
      if (!isTransient(error)) {
        const resource = `storageversionmigrations.${STORAGE_MIGRATION_GROUP}`
        throw explainClusterError(error, { verb: 'get', resource, name }, client)
      }
    }
    if (final(state)) return { ...(state === undefined ? {} : { state }) }
    const waited = Date.now() - started
    const unclaimed = state?.phase !== 'running' && options.startTimeoutMs < options.timeoutMs
    const limit = unclaimed ? options.startTimeoutMs : options.timeoutMs
    if (waited >= limit) {
      const problem = stopped(label, name, state, Math.round(waited / 1000), unclaimed)
      return { ...(state === undefined ? {} : { state }), problem }
    }
    const watched = await watchUntilFinal(
      client,
      api,
      name,
      resourceVersion,
      limit - waited,
      see,
      () => final(state)
    )
    if (final(state)) return { ...(state === undefined ? {} : { state }) }
    if (!watched) await new Promise((resolve) => setTimeout(resolve, options.pollMs))
  }
}

/**
 * Watches the migration from `resourceVersion` for at most `ms` (and a minute at a time), passing
 * each version of it to `see`, until `done()`; answers false when no watch could be had.
 */
async function watchUntilFinal(
  client: ClusterClient,
  api: ServerSideSupport,
  name: string,
  resourceVersion: string | undefined,
  ms: number,
  see: (migration: StorageVersionMigrationObject) => void,
  done: () => boolean
): Promise<boolean> {
  if (resourceVersion === undefined) return false
  const path = `/apis/${STORAGE_MIGRATION_GROUP}/${api.version}/storageversionmigrations`
  const seconds = Math.max(1, Math.min(60, Math.ceil(ms / 1000)))
  return new Promise<boolean>((resolve) => {
    let abort: AbortController | undefined
    let events = 0
    const finish = (watched: boolean) => {
      clearTimeout(timer)
      abort?.abort()
      resolve(watched)
    }
    const timer = setTimeout(() => finish(true), seconds * 1000 + 5_000)
    client.watch
      .watch(
        path,
        { fieldSelector: `metadata.name=${name}`, resourceVersion, timeoutSeconds: seconds },
        (type: string, object: unknown) => {
          events += 1
          if (type !== 'ADDED' && type !== 'MODIFIED') return
          see(object as StorageVersionMigrationObject)
          if (done()) finish(true)
        },
        (error: unknown) => finish(error === null || error === undefined || events > 0)
      )
      .then((controller) => (abort = controller))
      .catch(() => finish(false))
  })
}

function stopped(
  label: string,
  name: string,
  state: MigrationState | undefined,
  seconds: number,
  unclaimed: boolean
): string {
  if (unclaimed) {
    return (
      `no controller took up ${label} in ${seconds} s: is storage-version-migrator-controller running in kube-controller-manager ` +
      `(before 1.37 it needs the StorageVersionMigrator feature gate)? The migration stays and runs once one does; ` +
      `run crdconv migrate --server-side again to follow it, migrate client-side (without --server-side), or kubectl delete storageversionmigration ${name}`
    )
  }
  return (
    `${label} has not finished in ${seconds} s (${describeCondition(state?.condition)}): it carries on in the cluster; ` +
    `run crdconv migrate --server-side again to follow it, or kubectl delete storageversionmigration ${name} to stop it`
  )
}
