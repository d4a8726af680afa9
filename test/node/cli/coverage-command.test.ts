// `crdconv coverage` and the coverage item of `crdconv check`, as a user runs them: on the
// repository's examples (named in package.json) and on a scheme that loses a field.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { crdconv } from './run-cli.ts'

const lossy = join(import.meta.dirname, 'fixtures/coverage-scheme.ts')

describe('crdconv coverage', () => {
  it('prints what becomes of every field of the examples, and exits 0', async () => {
    const { code, stdout, stderr } = await crdconv(['coverage', '--runs', '10'])
    expect(stderr).toBe('')
    expect(code).toBe(0)
    expect(stdout).toContain(
      'CronTab.example.com v1beta1 → v1: 20 generated objects and 1 from examples and recorded objects converted'
    )
    expect(stdout).toMatch(/\.hostPort\s+moved\s+\.host, \.port\n/)
    expect(stdout).toMatch(/\.spec\.encryption\.keyRef\s+stashed\s+stash encryption\n/)
    expect(stdout).toMatch(/\.spec\.encryption\.keyRef\s+never filled\s+no default\n/)
    expect(stdout).toContain(
      "warning: Backup.example.com v1beta1 → v1: v1's .spec.encryption is never filled: none of the 2 fields below it"
    )
    expect(stdout).not.toContain('FAIL')
  })

  it('prints the report as JSON, only the pair --from and --to name', async () => {
    const argv = ['coverage', '--resource', 'backups', '--from', 'v1', '--to', 'v1alpha1']
    const { code, stdout } = await crdconv([...argv, '--runs', '5', '--json'])
    expect(code).toBe(0)
    const { resources } = JSON.parse(stdout) as {
      resources: { resource: string; pairs: { from: string; to: string; sources: unknown[] }[] }[]
    }
    expect(resources.map((resource) => resource.resource)).toEqual(['Backup.example.com'])
    expect(resources[0]?.pairs.map(({ from, to }) => `${from} → ${to}`)).toEqual(['v1 → v1alpha1'])
    expect(resources[0]?.pairs[0]?.sources).toContainEqual({
      field: '.spec.retention',
      outcome: 'moved',
      to: ['.spec.keep'],
      stashedAs: [],
    })
  })

  it('exits 1 on a lost field and a refused value, naming resource, versions and field', async () => {
    const { code, stdout } = await crdconv(['coverage', '--scheme', lossy, '--runs', '10'])
    expect(code).toBe(1)
    expect(stdout).toContain("FAIL Widget.coverage.example.com v1 → v2: v1's .spec.note is lost")
    expect(stdout).toContain(
      "FAIL Widget.coverage.example.com v1 → v2: v2's .spec.colour gets values"
    )
  })

  it.each([
    [['--from', 'v1'], 'give --from and --to together'],
    [['--resource', 'crontabs', '--from', 'v1', '--to', 'v9'], 'has no version v9'],
    [['--seed', 'soon'], "option '--seed <number>' argument 'soon' is invalid"],
  ])('exits 2 on bad usage: %j', async (argv, message) => {
    const { code, stderr } = await crdconv(['coverage', ...argv])
    expect(stderr).toContain(message)
    expect(code).toBe(2)
  })
})

describe('crdconv check, conversion coverage', () => {
  it('fails a scheme that loses a field, with what to write', async () => {
    const { code, stdout } = await crdconv(['check', '--scheme', lossy, '--runs', '10'])
    expect(code).toBe(1)
    expect(stdout).toContain(
      '  FAIL  conversion coverage: no field lost, no converted value the target schema refuses\n'
    )
    expect(stdout).toContain(
      "- Widget.coverage.example.com v1 → v2: v1's .spec.note is lost: no field of v2 changes with it and it is not stashed; carry it into a field of v2 in the converter (declared: move.renamed or move.split), or stash it (declared: move.removed), or keep it with stashFields"
    )
    expect(stdout).toContain(
      "warning: Widget.coverage.example.com v1 → v2: v2's .spec.extra is never filled and has no default"
    )
  })

  it('passes the examples, warning about the fields v1 of Backup adds without a default', async () => {
    const { code, stdout } = await crdconv(['check', '--runs', '10'])
    expect(code).toBe(0)
    expect(stdout).toMatch(/ok {4}conversion coverage/)
    expect(stdout).toMatch(/\d+ warnings?: worth a look, not failures\n/)
    expect(stdout).toMatch(/all checks passed\n$/)
  })
})
