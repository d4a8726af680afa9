// Following a StorageVersionMigration, against a stand-in for the API server that answers each
// read with the next version of the migration and each watch with the versions after it.
import { describe, expect, it } from 'vitest'
import type { ClusterClient } from '../../../packages/crdconv/src/cluster-client/connect-to-cluster.ts'
import { followMigration } from '../../../packages/crdconv/src/lifecycle/follow-migration.ts'
import type { ServerSideSupport } from '../../../packages/crdconv/src/lifecycle/migration-api.ts'
import type {
  MigrationCondition,
  MigrationState,
} from '../../../packages/crdconv/src/lifecycle/migration-status.ts'

const API: ServerSideSupport = {
  serverSide: true,
  version: 'v1',
  groupVersion: 'storagemigration.k8s.io/v1',
}
const NAME = 'crdconv-crontabs.example.com-x7k2p'
const LABEL = `StorageVersionMigration ${NAME} (storagemigration.k8s.io/v1) of crontabs.example.com`
const OPTIONS = { timeoutMs: 60_000, startTimeoutMs: 60_000, pollMs: 5 }

const version = (resourceVersion: number, ...conditions: MigrationCondition[]) => ({
  metadata: { name: NAME, resourceVersion: String(resourceVersion) },
  status: { conditions },
})
const running = (message: string): MigrationCondition => ({
  type: 'Running',
  status: 'True',
  reason: 'MigrationRunning',
  message,
})
const succeeded: MigrationCondition = {
  type: 'Succeeded',
  status: 'True',
  reason: 'StorageVersionMigrationSucceeded',
  message: 'Migration completed',
}

/**
 * A client whose reads answer `reads` in turn (the last one again once they run out, an error
 * when it is one) and whose watches deliver `watched` once, then end.
 */
function standIn(reads: unknown[], watched: unknown[] = []): ClusterClient {
  let read = 0
  let delivered = false
  return {
    objects: {
      getClusterCustomObject: async () => {
        const answer = reads[Math.min(read, reads.length - 1)]
        read += 1
        if (answer instanceof Error) throw answer
        return answer
      },
    },
    watch: {
      watch: async (
        _path: string,
        _query: unknown,
        event: (type: string, object: unknown) => void,
        done: (error: unknown) => void
      ) => {
        const controller = new AbortController()
        setTimeout(() => {
          if (!delivered) for (const object of watched) event('MODIFIED', object)
          delivered = true
          done(null)
        }, 1)
        return controller
      },
    },
  } as unknown as ClusterClient
}

describe('followMigration', () => {
  it('follows the watch to Succeeded, keeping the counts the Running message gave', async () => {
    const seen: MigrationState[] = []
    const end = await followMigration(
      standIn(
        [version(1, running('The migration is running')), version(4, succeeded)],
        [
          version(2, running('The migration is running, 30 objects verified migrated')),
          version(3, { ...running('Migration completed'), status: 'False' }, succeeded),
        ]
      ),
      API,
      NAME,
      LABEL,
      { ...OPTIONS, onProgress: (_name, state) => void seen.push(state) }
    )
    expect(end.problem).toBeUndefined()
    expect(end.state).toMatchObject({ phase: 'succeeded', total: 30, remaining: 0 })
    expect(seen.map((state) => state.phase)).toEqual(['running', 'running', 'succeeded'])
  })

  it('gives up on a migration no controller takes up, saying which controller to look for', async () => {
    const end = await followMigration(standIn([version(1)]), API, NAME, LABEL, {
      ...OPTIONS,
      startTimeoutMs: 20,
    })
    expect(end.state).toEqual({ phase: 'pending' })
    expect(end.problem).toMatch(
      new RegExp(
        `^no controller took up ${LABEL.replace(/[.()]/g, '\\$&')} in \\d+ s: is storage-version-migrator-controller running in kube-controller-manager`
      )
    )
    expect(end.problem).toContain(`kubectl delete storageversionmigration ${NAME}`)
  })

  it('leaves a migration that outlasts the timeout to run on, with its last condition', async () => {
    const end = await followMigration(
      standIn([version(1, running('The migration is running; transient error: etcd timed out'))]),
      API,
      NAME,
      LABEL,
      { ...OPTIONS, timeoutMs: 20 }
    )
    expect(end.state).toMatchObject({ phase: 'running', transientError: 'etcd timed out' })
    expect(end.problem).toContain(
      `${LABEL} has not finished in 0 s (Running (MigrationRunning): The migration is running; transient error: etcd timed out): it carries on in the cluster`
    )
  })

  it('says so when the migration is deleted before it ends', async () => {
    const gone = Object.assign(new Error('not found'), {
      code: 404,
      body: { message: 'not found' },
    })
    const end = await followMigration(standIn([gone]), API, NAME, LABEL, OPTIONS)
    expect(end).toEqual({
      problem: `${LABEL} was deleted before it finished: run crdconv migrate --server-side again`,
    })
  })
})
