import { Writable } from 'node:stream'
import { stripVTControlCharacters } from 'node:util'
import { describe, expect, it } from 'vitest'
import type { RewriteCounts } from '../../../packages/crdconv/src/lifecycle/index.ts'
import { migrateProgress } from '../../../packages/crdconv/src/lifecycle/migrate-progress.ts'

function countsAt(seen: number, total: number): RewriteCounts {
  return {
    total,
    seen,
    rewritten: seen,
    deleted: 0,
    conflicts: 0,
    retries: 0,
    failures: [],
    ownershipMoved: 0,
    ownershipLosses: [],
    ownershipLossCount: 0,
  }
}

function capturingIo() {
  const io = {
    printed: '',
    stdout: () => {},
    stderr: (text: string) => void (io.printed += text),
    readStdin: async () => '',
    cwd: '.',
  }
  return io
}

/** A stream that says it is a terminal, as process.stderr does on one, and keeps what it gets. */
function fakeTerminal(): Writable & { written: string; isTTY: boolean; columns: number } {
  const terminal = Object.assign(
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        terminal.written += chunk.toString('utf8')
        done()
      },
    }),
    { written: '', isTTY: true, columns: 120 }
  )
  return terminal
}

describe('migrateProgress on a terminal', () => {
  it('draws a cli-progress bar with done/total, rate, conflicts and errors, and no plain lines', () => {
    const io = capturingIo()
    const terminal = fakeTerminal()
    const progress = migrateProgress(io, 'crontabs.example.com', true, terminal)
    for (let seen = 1; seen <= 1_200; seen += 1) progress.update(countsAt(seen, 1_200))
    progress.stop()
    const screen = stripVTControlCharacters(terminal.written)
    expect(screen).toMatch(
      /crontabs\.example\.com \[[^\]]+\] 1200\/1200 \| \d+\/s \| 0 conflicts \| 0 errors/
    )
    expect(io.printed).toBe('')
  })
})

describe('migrateProgress off a terminal', () => {
  it('prints a plain line every 500 objects and one at the end', () => {
    const io = capturingIo()
    const progress = migrateProgress(io, 'crontabs.example.com', false)
    for (let seen = 1; seen <= 1_200; seen += 1) progress.update(countsAt(seen, 1_200))
    progress.stop()
    const lines = io.printed.trim().split('\n')
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
