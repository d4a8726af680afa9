import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { writeStdoutLine } from '../../../packages/webhook/src/platform/node/stdout-lines.ts'

describe('writeStdoutLine', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  it('writes the lines of a 10 ms window to stdout in one write, in order', () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    writeStdoutLine('{"n":1}')
    vi.advanceTimersByTime(5)
    writeStdoutLine('{"n":2}')
    vi.advanceTimersByTime(4)
    expect(write).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(write.mock.calls).toEqual([['{"n":1}\n{"n":2}\n']])
  })

  it('writes the lines of a later window in a write of their own', () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    writeStdoutLine('first')
    vi.advanceTimersByTime(10)
    writeStdoutLine('second')
    vi.advanceTimersByTime(10)
    expect(write.mock.calls).toEqual([['first\n'], ['second\n']])
  })

  it('writes a batch at once when it reaches 64 KiB, without waiting', () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    const line = 'x'.repeat(1023)
    for (let count = 0; count < 64; count++) writeStdoutLine(line)
    expect(write).toHaveBeenCalledTimes(1)
    expect(write.mock.calls[0]?.[0]).toHaveLength(64 * 1024)
  })
})

describe('lines still pending when the process ends', () => {
  it.each(['exit', 'throw', 'return'])('are written when it ends by %s', (ending) => {
    const ended = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, 'fixtures/log-then-end.ts'), ending],
      { encoding: 'utf8' }
    )
    expect(ended.stdout).toBe('{"n":1}\n{"n":2}\n')
  })
})
