import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadScheme, selectResources } from '../../../src/cli/load-scheme.ts'
import { exampleScheme } from '../../../src/resources/index.ts'
import { crdconv } from './run-cli.ts'

const fixtures = join(import.meta.dirname, 'fixtures')

describe('--scheme', () => {
  it('defaults to the built-in example', async () => {
    expect(await loadScheme(undefined, fixtures)).toBe(exampleScheme)
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
      expect(selectResources(exampleScheme, name)).toEqual(exampleScheme.resources)
    }
  )

  it('lists the resources there are when the name matches none', () => {
    expect(() => selectResources(exampleScheme, 'cronjobs')).toThrow(
      'the scheme has crontabs.example.com'
    )
  })
})
