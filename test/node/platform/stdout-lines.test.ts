import { afterEach, describe, expect, it, vi } from 'vitest'
import { writeStdoutLine } from '../../../src/platform/node/stdout-lines.ts'

describe('writeStdoutLine', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('writes the lines of one event-loop turn to stdout in one write, in order', async () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    writeStdoutLine('{"n":1}')
    writeStdoutLine('{"n":2}')
    expect(write).not.toHaveBeenCalled()
    await new Promise((resolve) => setImmediate(resolve))
    expect(write.mock.calls).toEqual([['{"n":1}\n{"n":2}\n']])
  })

  it('writes the lines of a later turn in a write of their own', async () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    writeStdoutLine('first')
    await new Promise((resolve) => setImmediate(resolve))
    writeStdoutLine('second')
    await new Promise((resolve) => setImmediate(resolve))
    expect(write.mock.calls).toEqual([['first\n'], ['second\n']])
  })
})
