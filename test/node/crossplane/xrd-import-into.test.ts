// `crdconv import --into .` of an XRD, in a project `crdconv init` wrote: the module declares the
// XRD (defineXrd), src/scheme.ts serves its composite resource and claim (`...xrd.resources`), and
// `crdconv check` passes; a scheme that defines the XR's or the claim's kind already is refused
// with nothing written, as for a CRD.
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { writeIntoProject } from '../../../packages/crdconv/src/import/index.ts'
import { importXrds } from '../../../packages/crdconv/src/xrd/index.ts'
import { filesUnder } from '../../support/import-project.ts'
import { crdconv } from '../cli/run-cli.ts'

const fixtures = join(import.meta.dirname, 'fixtures')
const LEGACY_XRD = join(fixtures, 'xpostgres-v1.yaml')
const MODERN_XRD = readFileSync(join(fixtures, 'xbucket-v2.yaml'), 'utf8')
const repositoryModules = resolve(import.meta.dirname, '../../../node_modules')

const projects: string[] = []
afterAll(() => {
  for (const parent of projects) rmSync(parent, { recursive: true, force: true })
})

async function initProject(kind = 'CronTab', group = 'example.com'): Promise<string> {
  const parent = mkdtempSync(join(tmpdir(), 'crdconv-xrd-into-'))
  projects.push(parent)
  const flags = ['--group', group, '--kind', kind, '--versions', 'v1beta1,v1']
  const run = await crdconv(['init', 'webhook', ...flags, '--aws', 'sam'], { cwd: parent })
  expect(run.code, run.stderr).toBe(0)
  const project = join(parent, 'webhook')
  // the repository's packages stand in for the project's npm install
  symlinkSync(repositoryModules, join(project, 'node_modules'))
  return project
}

const read = (project: string, path: string) => readFileSync(join(project, path), 'utf8')

// an import and crdconv check each take seconds on a busy machine
describe('crdconv import --into of an XRD', { timeout: 180_000 }, () => {
  it("adds the XRD's composite resource and claim to src/scheme.ts, and crdconv check passes", async () => {
    const project = await initProject()
    const run = await crdconv(['import', LEGACY_XRD, '--into', '.'], { cwd: project })
    expect(run.code, run.stderr).toBe(0)
    expect(run.stderr).toContain('wrote src/resources/x-postgres-instance.ts')
    expect(run.stderr).toContain('wrote test/resources/x-postgres-instance.test.ts')
    const scheme = read(project, 'src/scheme.ts')
    expect(scheme).toContain(
      "import { xPostgresInstance } from './resources/x-postgres-instance.ts'"
    )
    expect(scheme).toContain('createScheme([cronTab, ...xPostgresInstance.resources])')
    expect(read(project, 'src/resources/x-postgres-instance.ts')).toContain(
      'export const xPostgresInstance = defineXrd({'
    )
    expect(read(project, 'test/resources/x-postgres-instance.test.ts')).toContain(
      "import { scheme } from '../../src/resources/x-postgres-instance.ts'"
    )
    expect(read(project, 'src/resources/x-postgres-instance.descriptions.ts')).toMatch(
      /^\/\/ Written by `crdconv import` from the XRD xpostgresinstances\.platform\.example\.org/
    )
    expect(read(project, 'src/scheme.descriptions.ts')).toContain(
      "import './resources/x-postgres-instance.descriptions.ts'"
    )
    expect(run.stdout).toContain(
      "XPostgresInstance.platform.example.org (the XRD's composite resource and its claim PostgresInstance, one set of converters): src/resources/x-postgres-instance.ts"
    )

    const check = await crdconv(['check', '--scheme', 'src/scheme.ts'], { cwd: project })
    expect(check.code, `${check.stdout}\n${check.stderr}`).toBe(0)
    for (const kind of ['XPostgresInstance', 'PostgresInstance', 'CronTab']) {
      expect(check.stdout).toContain(`${kind}.`)
    }
  })

  it.each(['Namespaced', 'Cluster'] as const)(
    'imports a v2 %s XRD into the project: its composite resource alone, and crdconv check passes',
    async (scope) => {
      const project = await initProject()
      const run = await crdconv(['import', '-', '--into', '.'], {
        cwd: project,
        stdin: MODERN_XRD.replace('scope: Namespaced', `scope: ${scope}`),
      })
      expect(run.code, run.stderr).toBe(0)
      expect(read(project, 'src/scheme.ts')).toContain(
        'createScheme([cronTab, ...bucket.resources])'
      )
      const module = read(project, 'src/resources/bucket.ts')
      expect(module).toContain(`scope: '${scope}'`)
      expect(module).toContain("apiVersion: 'apiextensions.crossplane.io/v2'")
      expect(run.stdout).toContain(
        "Bucket.storage.example.org (the XRD's composite resource, one set of converters)"
      )
      const check = await crdconv(['check', '--scheme', 'src/scheme.ts'], { cwd: project })
      expect(check.code, `${check.stdout}\n${check.stderr}`).toBe(0)
    }
  )

  it('adds the XRD once when imported again with --force', async () => {
    const project = await initProject()
    for (const force of [[], ['--force']]) {
      const run = await crdconv(['import', LEGACY_XRD, '--into', '.', ...force], { cwd: project })
      expect(run.code, run.stderr).toBe(0)
    }
    const scheme = read(project, 'src/scheme.ts')
    expect(scheme.match(/import \{ xPostgresInstance \}/g)).toHaveLength(1)
    expect(scheme).toContain('createScheme([cronTab, ...xPostgresInstance.resources])')
  })

  it.each([
    ['the composite resource', 'XPostgresInstance'],
    ['the claim', 'PostgresInstance'],
  ])(
    'refuses a scheme whose starter defines the kind of %s, writes nothing, and names the kind (kind-defined)',
    async (_, kind) => {
      const project = await initProject(kind, 'platform.example.org')
      const before = filesUnder(project)
      const run = await crdconv(['import', LEGACY_XRD, '--into', '.'], { cwd: project })
      expect(run.code).toBe(2)
      expect(run.stderr).toContain(`src/scheme.ts defines ${kind}.platform.example.org already`)
      expect(run.stderr).toContain('Delete that defineResource or defineXrd from src/scheme.ts')
      expect(filesUnder(project)).toEqual(before)
      const { files, resources } = await importXrds(readFileSync(LEGACY_XRD, 'utf8'), {
        layout: 'project',
      })
      const io = { stdout: () => {}, stderr: () => {}, readStdin: async () => '', cwd: project }
      await expect(writeIntoProject(io, project, files, resources, false)).rejects.toMatchObject({
        code: 'kind-defined',
      })
    }
  )

  it('refuses a scheme that declares the XRD itself, naming the kinds of its composite resource and claim', async () => {
    const project = await initProject()
    const imported = await crdconv(['import', LEGACY_XRD, '--out', 'src/own'], { cwd: project })
    expect(imported.code, imported.stderr).toBe(0)
    // the XRD's module moved into src/scheme.ts, as an author may keep it
    const module = read(project, 'src/own/x-postgres-instance.ts')
    writeFileSync(join(project, 'src/scheme.ts'), module)
    const before = filesUnder(project)
    const again = await crdconv(['import', LEGACY_XRD, '--into', '.'], { cwd: project })
    expect(again.code).toBe(2)
    expect(again.stderr).toContain(
      'src/scheme.ts defines XPostgresInstance.platform.example.org, PostgresInstance.platform.example.org already'
    )
    expect(filesUnder(project)).toEqual(before)
  })
})
