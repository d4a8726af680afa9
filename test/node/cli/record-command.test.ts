// `crdconv record` refuses bad usage before it connects anywhere, and says in one line what it
// wrote (the recording itself is test/node/record/record.apiserver.test.ts's, on both releases).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { describeRecording } from '../../../packages/crdconv/src/cli/record-command.ts'
import { crdconv } from './run-cli.ts'

const empty = mkdtempSync(join(tmpdir(), 'crdconv-record-usage-'))

describe('crdconv record, bad usage', () => {
  afterAll(() => rmSync(empty, { recursive: true, force: true }))

  it.each([
    [
      ['crontabs.example.com', '--redact', 'spec..password'],
      /--redact "spec\.\.password" is not a dotted field path/,
    ],
    [['crontabs.example.com', '--limit', '0'], /--limit.*must be a whole number above 0/],
    [[], /no --scheme given, and no src\/scheme\.ts/],
  ])('refuses %j with exit code 2', async (args, message) => {
    const run = await crdconv(['record', ...args, '--kubeconfig', join(empty, 'none')], {
      cwd: empty,
    })
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(message)
  })
})

describe('what crdconv record says it wrote', () => {
  it('names the objects at each version, the folder and how many values were replaced', () => {
    const line = describeRecording(
      {
        crd: 'crontabs.example.com',
        versions: [
          { version: 'v1', objects: 3 },
          { version: 'v1beta1', objects: 3 },
        ],
        replaced: 2,
        files: [],
      },
      '/work/project/corpus'
    )
    expect(line).toBe(
      'crontabs.example.com: 3 at v1, 3 at v1beta1 written to /work/project/corpus/crontabs.example.com (2 values replaced by ones of the same shape)\n'
    )
  })
})
