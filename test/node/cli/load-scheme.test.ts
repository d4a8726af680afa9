import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadScheme, selectResources } from '../../../packages/crdconv/src/cli/load-scheme.ts'
import { cronTab, exampleScheme } from '../../../examples/index.ts'
import { crdconv } from './run-cli.ts'

const fixtures = join(import.meta.dirname, 'fixtures')

describe('--scheme', () => {
  it('defaults to the module package.json names in "crdconv": { "scheme" }', async () => {
    expect(await loadScheme(undefined, process.cwd())).toBe(exampleScheme)
  })

  it('defaults to src/scheme.ts without that setting, and says so when it is missing', async () => {
    await expect(loadScheme(undefined, fixtures)).rejects.toThrow(
      /no --scheme given, and no src\/scheme.ts in .*fixtures/
    )
  })

  it('loads a named `scheme` export or a default export, relative to the working directory', async () => {
    const named = await loadScheme('broken-label-scheme.ts', fixtures)
    const byDefault = await loadScheme('stale-scheme.ts', fixtures)
    expect(named.resources.map((resource) => resource.kind)).toEqual(['CronTab'])
    expect(byDefault.resources.map((resource) => resource.kind)).toEqual(['CronTab'])
  })

  it.each([
    ['missing.ts', '--scheme missing.ts: no such file'],
    ['no-scheme.ts', '--scheme no-scheme.ts exports no scheme'],
  ])('exits 2 for %s', async (module, message) => {
    const run = await crdconv(['check', '--scheme', module], { cwd: fixtures })
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(message)
  })
})

describe('--resource', () => {
  it.each(['CronTab', 'crontab', 'crontabs', 'ct', 'crontabs.example.com', 'CronTab.example.com'])(
    'finds the CronTab by %s',
    (name) => {
      expect(selectResources(exampleScheme, name)).toEqual([cronTab])
    }
  )

  it('lists the resources there are when the name matches none', () => {
    expect(() => selectResources(exampleScheme, 'cronjobs')).toThrow(
      'the scheme has crontabs.example.com'
    )
  })
})
