// What `crdconv migrate` prints when the API server stopped listing the objects part-way (the
// issue's webhook that went down at object 441 of 1,500): no cluster needed.
import { describe, expect, it } from 'vitest'
import type { RewriteCounts } from '../../../packages/crdconv/src/lifecycle/rewrite-objects.ts'
import type { MigrationSummary } from '../../../packages/crdconv/src/lifecycle/migration-summary.ts'
import {
  describeSummary,
  migrationFailed,
} from '../../../packages/crdconv/src/lifecycle/migration-report.ts'

const WEBHOOK_DOWN =
  'the objects at v1 could not be listed or read (https://127.0.0.1:6443): the API server answered HTTP 500: ' +
  'conversion webhook for example.com/v1beta1, Kind=CronTab failed: Post "https://hook.example/convert/<redacted>?timeout=30s": dial tcp 10.0.0.5:443: connect: connection refused'

const stoppedAt = (rewritten: number, total: number, stopped: string): MigrationSummary => {
  const counts: RewriteCounts = {
    total,
    seen: rewritten,
    rewritten,
    deleted: 0,
    conflicts: 1,
    retries: 0,
    failures: [],
    ownershipMoved: 0,
    ownershipLosses: [],
    ownershipLossCount: 0,
    stopped: { code: 'listing-stopped', message: stopped },
  }
  return {
    crdName: 'crontabs.example.com',
    storageVersion: 'v1',
    storedVersionsBefore: ['v1beta1', 'v1'],
    storedVersionsAfter: ['v1beta1', 'v1'],
    alreadyMigrated: false,
    counts,
  }
}

describe('the summary of a migration the API server stopped', () => {
  it('names the CRD, how far it got, the webhook’s message and the next step, and fails (exit 1)', () => {
    const summary = stoppedAt(441, 1500, WEBHOOK_DOWN)
    expect(describeSummary(summary, false)).toBe(
      'crontabs.example.com: stopped after rewriting 441 of 1500 objects at v1\n' +
        `  ${WEBHOOK_DOWN}\n` +
        '  storedVersions left at [v1beta1, v1]: nothing past that was written; once the webhook converts again (crdconv status checks it), run crdconv migrate again (it is safe to rerun)\n'
    )
    expect(migrationFailed(summary)).toBe(true)
  })

  it('says to wait for the API server when the webhook is not the cause', () => {
    const summary = stoppedAt(
      0,
      1,
      'the objects at v1 could not be listed or read (https://127.0.0.1:6443): the API server did not answer (ECONNRESET)'
    )
    const printed = describeSummary(summary, false)
    expect(printed).toContain('stopped after rewriting 0 of 1 object at v1\n')
    expect(printed).toContain('once the API server answers (crdconv status checks it)')
  })
})
