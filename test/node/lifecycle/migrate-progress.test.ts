import { describe, expect, it } from 'vitest'
import type { RewriteCounts } from '../../../src/cluster/index.ts'
import { migrateProgress } from '../../../src/cli/migrate-progress.ts'

function countsAt(seen: number, total: number): RewriteCounts {
  return { total, seen, rewritten: seen, deleted: 0, conflicts: 0, retries: 0, failures: [] }
}

describe('migrateProgress off a terminal', () => {
  it('prints a plain line every 500 objects and one at the end', () => {
    let printed = ''
    const io = {
      stdout: () => {},
      stderr: (text: string) => void (printed += text),
      readStdin: async () => '',
      cwd: '.',
    }
    const progress = migrateProgress(io, 'crontabs.example.com', false)
    for (let seen = 1; seen <= 1_200; seen += 1) progress.update(countsAt(seen, 1_200))
    progress.stop()
    const lines = printed.trim().split('\n')
    expect(lines.map((line) => line.match(/ (\d+\/\d+) objects/)?.[1])).toEqual([
      '500/1200',
      '1000/1200',
      '1200/1200',
    ])
    expect(lines[2]).toMatch(
      /^crdconv: crontabs\.example\.com 1200\/1200 objects, \d+\/s, 0 conflicts, 0 errors$/
    )
  })
})
