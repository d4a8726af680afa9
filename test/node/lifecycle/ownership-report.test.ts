// What `crdconv migrate` prints about the managedFields it moved: no cluster needed.
import { describe, expect, it } from 'vitest'
import type { RewriteCounts } from '../../../packages/crdconv/src/lifecycle/rewrite-objects.ts'
import type { MigrationSummary } from '../../../packages/crdconv/src/lifecycle/migration-summary.ts'
import {
  describeSummary,
  migrationFailed,
} from '../../../packages/crdconv/src/lifecycle/migration-report.ts'

const counts = (more: Partial<RewriteCounts>): RewriteCounts => ({
  total: 3,
  seen: 3,
  rewritten: 3,
  deleted: 0,
  conflicts: 0,
  retries: 0,
  failures: [],
  ownershipMoved: 3,
  ownershipLosses: [],
  ownershipLossCount: 0,
  ...more,
})
const alreadyMigrated = (ownership: RewriteCounts): MigrationSummary => ({
  crdName: 'crontabs.example.com',
  storageVersion: 'v1',
  storedVersionsBefore: ['v1'],
  storedVersionsAfter: ['v1'],
  alreadyMigrated: true,
  ownership,
})
const loss = {
  object: 'default/a',
  manager: 'team',
  operation: 'Apply',
  version: 'v1beta1',
  fields: ['.hostPort', '.spec.legacy'],
}

describe('the summary of the managedFields move', () => {
  it('says how many objects moved when every owned field was kept', () => {
    const summary = alreadyMigrated(counts({}))
    expect(describeSummary(summary, false)).toBe(
      'crontabs.example.com: no data to migrate: storedVersions is already [v1]\n' +
        '  managedFields: moved the field managers of 3 objects to v1 (every owned field kept)\n'
    )
    expect(migrationFailed(summary)).toBe(false)
  })

  it('says nothing to migrate, and no managedFields line, when no field manager names an old version', () => {
    const summary = alreadyMigrated(counts({ ownershipMoved: 0 }))
    expect(describeSummary(summary, false)).toBe(
      'crontabs.example.com: nothing to migrate: storedVersions is already [v1]\n'
    )
    expect(migrationFailed(summary)).toBe(false)
  })

  it('names each object and manager that lost fields, and counts those past the list', () => {
    const moved = counts({ ownershipLosses: [loss], ownershipLossCount: 4 })
    expect(describeSummary(alreadyMigrated(moved), false)).toContain(
      '  managedFields: moved the field managers of 3 objects to v1; 4 entries lost fields with no place at v1:\n' +
        '  - default/a: team (Apply at v1beta1) no longer owns .hostPort, .spec.legacy\n' +
        '  - … and 3 more\n'
    )
  })

  it('says an unreadable entry was dropped whole', () => {
    const moved = counts({ ownershipLosses: [{ ...loss, fields: [] }], ownershipLossCount: 1 })
    expect(describeSummary(alreadyMigrated(moved), false)).toContain(
      'team (Apply at v1beta1) no longer owns its whole entry (unreadable field set)'
    )
  })

  it('fails (exit 1) and says to rerun when an object’s managedFields could not be written', () => {
    const failed = counts({
      ownershipMoved: 2,
      failures: [{ code: 'retries-exhausted', object: 'default/b', message: 'the server is busy' }],
    })
    const summary = alreadyMigrated(failed)
    expect(migrationFailed(summary)).toBe(true)
    expect(describeSummary(summary, false)).toContain(
      '  - default/b: managedFields not moved: the server is busy\n' +
        '  run crdconv migrate again (it is safe to rerun)\n'
    )
  })

  it('says what a dry run would move', () => {
    expect(describeSummary(alreadyMigrated(counts({})), true)).toContain(
      '  managedFields: would move the field managers of 3 objects to v1\n'
    )
  })
})
