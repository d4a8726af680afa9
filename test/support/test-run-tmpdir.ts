// vitest's globalSetup: one temporary directory for the whole run, given to every worker and child
// process as TMPDIR and removed at the end, so the scratch folders tests make leave nothing behind
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const MARK = 'CRDCONV_TEST_RUN_TMPDIR'

export default function useOneTmpdirPerRun(): (() => void) | undefined {
  // each project runs the setup: the first one makes the directory, the others share it
  if (process.env[MARK] !== undefined) return undefined
  // the machine's own, for what test runs side by side share (freePort's port claims)
  process.env['CRDCONV_MACHINE_TMPDIR'] ??= tmpdir()
  const directory = mkdtempSync(join(tmpdir(), 'crdconv-test-run-'))
  process.env[MARK] = directory
  process.env['TMPDIR'] = directory
  return () => rmSync(directory, { recursive: true, force: true })
}
