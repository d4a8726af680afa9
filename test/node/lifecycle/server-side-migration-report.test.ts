// What `crdconv migrate --server-side` and `crdconv status` print about the cluster's migrator,
// given its outcome: no cluster needed.
import { Writable } from 'node:stream'
import { stripVTControlCharacters } from 'node:util'
import { describe, expect, it } from 'vitest'
import type { MigrationState } from '../../../packages/crdconv/src/lifecycle/migration-status.ts'
import type { MigrationSummary } from '../../../packages/crdconv/src/lifecycle/migration-summary.ts'
import { serverSideProgress } from '../../../packages/crdconv/src/lifecycle/migrate-progress.ts'
import {
  describeSummary,
  migrationFailed,
} from '../../../packages/crdconv/src/lifecycle/migration-report.ts'
import { describeMigrationSupport } from '../../../packages/crdconv/src/lifecycle/status-report.ts'

const NAME = 'crdconv-crontabs.example.com-x7k2p'
const summary = (
  serverSide: MigrationSummary['serverSide'],
  after: string[]
): MigrationSummary => ({
  crdName: 'crontabs.example.com',
  storageVersion: 'v1',
  storedVersionsBefore: ['v1beta1', 'v1'],
  storedVersionsAfter: after,
  alreadyMigrated: false,
  ...(serverSide === undefined ? {} : { serverSide }),
})
const base = { migration: NAME, groupVersion: 'storagemigration.k8s.io/v1', followed: false }

describe('the summary of a server-side migration', () => {
  it('says who pruned storedVersions after a success', () => {
    const done = summary({ ...base, outcome: 'succeeded', objects: 30, prunedBy: 'cluster' }, [
      'v1',
    ])
    expect(migrationFailed(done)).toBe(false)
    expect(describeSummary(done, false)).toBe(
      `crontabs.example.com: the API server rewrote 30 objects at v1 (StorageVersionMigration ${NAME}, storagemigration.k8s.io/v1)\n` +
        "  storedVersions: [v1beta1, v1] -> [v1] (pruned by the cluster's migrator)\n" +
        '  next: stop serving the old versions (served: false), remove them from the scheme, apply crdconv crd; crdconv retire once one version is left\n'
    )
    const byCrdconv = summary({ ...base, outcome: 'succeeded', prunedBy: 'crdconv' }, ['v1'])
    expect(describeSummary(byCrdconv, false)).toContain('rewrote every object at v1')
    expect(describeSummary(byCrdconv, false)).toContain('(pruned by crdconv)')
  })

  it('fails a success whose CRD changed meanwhile, storedVersions not pruned', () => {
    const changed = summary(
      {
        ...base,
        outcome: 'succeeded',
        problem: 'crontabs.example.com changed while the migration ran',
      },
      ['v1beta1', 'v1']
    )
    expect(migrationFailed(changed)).toBe(true)
    expect(describeSummary(changed, false)).toContain(
      '  not pruned: crontabs.example.com changed while the migration ran'
    )
  })

  it('reports a failure with the versions crdconv put back', () => {
    const failed = summary(
      {
        ...base,
        outcome: 'failed',
        restored: ['v1beta1'],
        problem: `StorageVersionMigration ${NAME} … failed: Failed (X): y`,
      },
      ['v1beta1', 'v1']
    )
    expect(migrationFailed(failed)).toBe(true)
    expect(describeSummary(failed, false)).toBe(
      `crontabs.example.com: not migrated: StorageVersionMigration ${NAME} … failed: Failed (X): y\n` +
        "  storedVersions left at [v1beta1, v1] (the cluster's migrator had dropped v1beta1 although the migration failed: crdconv put it back): " +
        'fix the cause and run crdconv migrate --server-side again, or crdconv migrate (client-side) to list every object that fails\n'
    )
  })

  it('says what a dry run would do', () => {
    const dryRun = summary(
      { ...base, migration: 'crdconv-crontabs.example.com-…', outcome: 'dry-run', objects: 30 },
      ['v1beta1', 'v1']
    )
    expect(describeSummary(dryRun, true)).toBe(
      'crontabs.example.com: would create a StorageVersionMigration (storagemigration.k8s.io/v1): the API server would rewrite 30 objects at v1, ' +
        'then storedVersions would go from [v1beta1, v1] to [v1] (dry run: the API server admitted the migration; nothing written)\n'
    )
  })
})

describe('the storage migration line of crdconv status', () => {
  it('names the API version where the cluster has the migrator, and why not where it has none', () => {
    expect(
      describeMigrationSupport({
        serverSide: true,
        version: 'v1',
        groupVersion: 'storagemigration.k8s.io/v1',
      })
    ).toBe(
      'storage migration: server-side (storagemigration.k8s.io/v1): crdconv migrate --server-side, or client-side: crdconv migrate'
    )
    expect(describeMigrationSupport({ serverSide: false, reason: 'this cluster has no X' })).toBe(
      'storage migration: client-side only (this cluster has no X): crdconv migrate'
    )
  })
})

describe('serverSideProgress', () => {
  const states: MigrationState[] = [
    { phase: 'pending', total: 30 },
    { phase: 'running', total: 30 },
    { phase: 'running', total: 30 },
    { phase: 'running', total: 30, transientError: 'etcdserver: request timed out' },
    { phase: 'succeeded', total: 30, remaining: 0 },
  ]

  it('prints a line each time the state changes, off a terminal', () => {
    let printed = ''
    const io = {
      stdout: () => {},
      stderr: (text: string) => void (printed += text),
      readStdin: async () => '',
      cwd: '.',
    }
    const progress = serverSideProgress(io, 'crontabs.example.com', false)
    for (const state of states) progress.update(NAME, state)
    progress.stop()
    expect(printed.trim().split('\n')).toEqual([
      `crdconv: crontabs.example.com: StorageVersionMigration ${NAME} waiting for the controller, 0/30 objects rewritten`,
      `crdconv: crontabs.example.com: StorageVersionMigration ${NAME} running, 0/30 objects rewritten`,
      `crdconv: crontabs.example.com: StorageVersionMigration ${NAME} running, retrying after: etcdserver: request timed out, 0/30 objects rewritten`,
      `crdconv: crontabs.example.com: StorageVersionMigration ${NAME} succeeded, 30/30 objects rewritten`,
    ])
  })

  it('draws a cli-progress bar with the migration and its phase on a terminal', () => {
    let written = ''
    const terminal = Object.assign(
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          written += chunk.toString('utf8')
          done()
        },
      }),
      { isTTY: true, columns: 160 }
    )
    const io = { stdout: () => {}, stderr: () => {}, readStdin: async () => '', cwd: '.' }
    const progress = serverSideProgress(io, 'crontabs.example.com', true, terminal)
    for (const state of states) progress.update(NAME, state)
    progress.stop()
    expect(stripVTControlCharacters(written)).toMatch(
      new RegExp(`crontabs\\.example\\.com \\[[^\\]]+\\] 30/30 \\| ${NAME} \\| succeeded`)
    )
  })
})
