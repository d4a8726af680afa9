import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { crdconv } from './run-cli.ts'

const fixtures = join(import.meta.dirname, 'fixtures')

describe('crdconv check', () => {
  it('passes the built-in CronTab and says what it checked', async () => {
    const run = await crdconv(['check'])
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('CronTab.example.com')
    expect(run.stdout).toContain('ok    v1: printer-column and scale paths exist in the schema')
    expect(run.stdout).toContain('all checks passed')
  })

  it('fails definitions whose schema or printer column cannot work, naming each problem', async () => {
    const run = await crdconv(['check', '--scheme', join(fixtures, 'broken-definitions-scheme.ts')])
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('FAIL  v1: the schema is structural')
    expect(run.stdout).toContain('- .spec.at: Date cannot be represented in JSON Schema')
    expect(run.stdout).toContain('1 check(s) failed')
  })

  it('fails definitions that throw while they load, with the reason', async () => {
    const run = await crdconv([
      'check',
      '--scheme',
      join(fixtures, 'throwing-definitions-scheme.ts'),
    ])
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('FAIL  the definitions do not load')
    expect(run.stdout).toContain('exactly one version must be the storage version')
  })

  it('has a place for the round-trip property check', async () => {
    const run = await crdconv(['check'])
    expect(run.stdout).toContain('lossless round trips between every pair of versions')
  })
})
