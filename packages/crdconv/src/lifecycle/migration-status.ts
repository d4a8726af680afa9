// What a StorageVersionMigration's status says, read without a cluster: its phase, its progress
// and its failure, in words that name the migration object, the resource and the condition.

/** One of a migration's `status.conditions`: `Running`, `Succeeded` or `Failed`. */
export interface MigrationCondition {
  readonly type: string
  readonly status: string
  readonly reason?: string
  readonly message?: string
}

/** A `StorageVersionMigration` as plain JSON (the fields crdconv reads), any version. */
export interface StorageVersionMigrationObject {
  readonly metadata: { readonly name: string; readonly creationTimestamp?: string }
  readonly spec?: {
    readonly resource?: {
      readonly group?: string
      readonly resource?: string
      readonly version?: string
    }
  }
  readonly status?: {
    readonly conditions?: readonly MigrationCondition[]
    readonly resourceVersion?: string
  }
}

/**
 * `pending`: no controller has taken it up yet; `running`; `succeeded` and `failed` are final.
 */
export type MigrationPhase = 'pending' | 'running' | 'succeeded' | 'failed'

/** Where a migration stands, from its conditions. */
export interface MigrationState {
  readonly phase: MigrationPhase
  /** The condition the phase comes from. */
  readonly condition?: MigrationCondition
  /** Objects of the resource, once the controller has said (in its `Running` message). */
  readonly total?: number
  /** Of those, the ones not yet rewritten. */
  readonly remaining?: number
  /** An error the controller hit and retries (`; transient error: …` in its `Running` message). */
  readonly transientError?: string
}

/** How a server-side migration ended, for the summary. */
export interface ServerSideResult {
  /** The migration object's name, `crdconv-crontabs.example.com-x7k2p`. */
  readonly migration: string
  /** `storagemigration.k8s.io/v1` */
  readonly groupVersion: string
  /** A migration of the resource was already under way: crdconv followed it instead of creating one. */
  readonly followed: boolean
  readonly outcome: 'succeeded' | 'failed' | 'timed-out' | 'dry-run'
  readonly state?: MigrationState
  /** Objects of the resource, as crdconv counted them before the migration. */
  readonly objects?: number
  /** Who set `status.storedVersions` to the storage version alone after a success. */
  readonly prunedBy?: 'cluster' | 'crdconv'
  /** Versions the cluster's migrator dropped from storedVersions after a failure, put back by crdconv. */
  readonly restored?: readonly string[]
  /** What went wrong and what to do, naming the migration object, the resource and the condition. */
  readonly problem?: string
}

const isTrue = (conditions: readonly MigrationCondition[], type: string) =>
  conditions.find((condition) => condition.type === type && condition.status === 'True')

/**
 * The phase of a migration and what its messages tell of progress: `N/M objects not yet
 * migrated`, `M objects verified migrated`, `; transient error: …` (kube-controller-manager's
 * wording since 1.37; older controllers say less, and the counts stay unknown).
 */
export function migrationState(migration: StorageVersionMigrationObject): MigrationState {
  const conditions = migration.status?.conditions ?? []
  const failed = isTrue(conditions, 'Failed')
  const succeeded = isTrue(conditions, 'Succeeded')
  const running = conditions.find((condition) => condition.type === 'Running')
  const counts = {
    ...countsIn(running?.message),
    ...countsIn(failed?.message),
  }
  if (failed !== undefined) return { phase: 'failed', condition: failed, ...counts }
  if (succeeded !== undefined) {
    return {
      phase: 'succeeded',
      condition: succeeded,
      ...counts,
      ...(counts.total === undefined ? {} : { remaining: 0 }),
    }
  }
  if (running?.status === 'True') {
    const transient = /; transient error: (.*)$/s.exec(running.message ?? '')?.[1]
    return {
      phase: 'running',
      condition: running,
      ...counts,
      ...(transient === undefined ? {} : { transientError: transient }),
    }
  }
  return { phase: 'pending' }
}

function countsIn(message: string | undefined): { total?: number; remaining?: number } {
  if (message === undefined) return {}
  const left = /(\d+)\/(\d+) (?:objects )?not yet migrated/.exec(message)
  if (left !== undefined && left !== null) {
    return { remaining: Number(left[1]), total: Number(left[2]) }
  }
  const verified = /(\d+) objects verified migrated/.exec(message)
  if (verified !== null) return { remaining: 0, total: Number(verified[1]) }
  return {}
}

/** A condition in words: `Failed (StorageVersionMigrationFailed): 1/3 not yet migrated…`. */
export function describeCondition(condition: MigrationCondition | undefined): string {
  if (condition === undefined) return 'no condition yet'
  const reason =
    condition.reason === undefined || condition.reason === '' ? '' : ` (${condition.reason})`
  const message =
    condition.message === undefined || condition.message === '' ? '' : `: ${condition.message}`
  return `${condition.type}${reason}${message}`
}

/** What the user reads first about a migration: `StorageVersionMigration NAME (GV) of RESOURCE`. */
export function migrationLabel(name: string, groupVersion: string, crdName: string): string {
  return `StorageVersionMigration ${name} (${groupVersion}) of ${crdName}`
}

/**
 * The message of a failed migration: the object, the resource, the condition's reason and
 * message, and the likely cause when the controller's own words do not say it.
 */
export function failureMessage(label: string, state: MigrationState, diagnosis?: string): string {
  const cause = likelyCause(state.condition?.message ?? '', diagnosis)
  return `${label} failed: ${describeCondition(state.condition)}${cause === undefined ? '' : `; ${cause}`}`
}

/**
 * Whether the controller could not even list the resource (it lists through its garbage
 * collector's cache, which a webhook that fails on one object keeps from ever syncing): then a
 * list by crdconv says which object and why.
 */
export function needsDiagnosis(state: MigrationState): boolean {
  return /does not exist in (GC|discovery|our rest mapper)|unable to obtain GVR/.test(
    state.condition?.message ?? ''
  )
}

function likelyCause(message: string, diagnosis: string | undefined): string | undefined {
  if (diagnosis !== undefined) {
    return `the objects cannot be read through the API server either: ${diagnosis}`
  }
  if (/does not exist in GC/.test(message)) {
    return 'the controller could not list the resource (a webhook that fails to convert some object keeps it from doing so)'
  }
  return undefined
}
