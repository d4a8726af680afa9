// `crdconv import --into .` in a project `crdconv init` wrote: the modules in src/resources,
// their tests in test/resources (the project's vitest includes test/**), each resource added to
// src/scheme.ts, a summary of the TODOs by category, and nothing written on bad input.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { filesUnder } from '../../support/import-project.ts'
import { crdconv } from '../cli/run-cli.ts'

const crds = resolve(import.meta.dirname, '../../../../shared/crds')
const machines = join(crds, 'cluster-api/cluster.x-k8s.io_machines.yaml')
const gatewayClasses = join(crds, 'gateway-api/gateway.networking.k8s.io_gatewayclasses.yaml')

async function initProject(): Promise<string> {
  const parent = mkdtempSync(join(tmpdir(), 'crdconv-into-'))
  const flags = ['--group', 'example.com', '--kind', 'CronTab', '--versions', 'v1beta1,v1']
  const run = await crdconv(['init', 'webhook', ...flags, '--aws', 'sam'], { cwd: parent })
  expect(run.code).toBe(0)
  return join(parent, 'webhook')
}

const read = (project: string, path: string) => readFileSync(join(project, path), 'utf8')

// importing a large CRD (cluster-api's Machine) takes seconds on a busy machine
describe('crdconv import --into', { timeout: 120_000 }, () => {
  it('writes the module to src/resources and its test to test/resources, and adds the resource to src/scheme.ts', async () => {
    const project = await initProject()
    const run = await crdconv(['import', gatewayClasses, '--into', '.'], { cwd: project })
    expect(run.code).toBe(0)
    expect(run.stderr).toContain('wrote src/resources/gateway-class.ts')
    expect(run.stderr).toContain('wrote test/resources/gateway-class.test.ts')
    expect(read(project, 'test/resources/gateway-class.test.ts')).toContain(
      "import { gatewayClass } from '../../src/resources/gateway-class.ts'"
    )
    const scheme = read(project, 'src/scheme.ts')
    expect(scheme).toContain("import { gatewayClass } from './resources/gateway-class.ts'")
    expect(scheme).toContain('createScheme([cronTab, gatewayClass])')
    expect(read(project, 'src/resources/gateway-class.ts')).not.toContain(
      'GatewayClass describes a class of Gateways'
    )
    const descriptions = read(project, 'src/resources/gateway-class.descriptions.ts')
    expect(descriptions).toContain('crdDescriptions.add(GatewayClassV1, {')
    expect(descriptions).toContain('GatewayClass describes a class of Gateways')
    // crdconv's commands load src/scheme.descriptions.ts after src/scheme.ts; the webhook never does
    expect(read(project, 'src/scheme.descriptions.ts')).toMatch(
      /^\/\/ The descriptions of the scheme's resources[^]*\nimport '\.\/resources\/gateway-class\.descriptions\.ts'\n$/
    )
    expect(run.stdout).toContain(
      'GatewayClass.gateway.networking.k8s.io: src/resources/gateway-class.ts, test/resources/gateway-class.test.ts'
    )
  })

  it("counts the TODOs by category as the module's TODO comments and the test's it.todo list them", async () => {
    const project = await initProject()
    const run = await crdconv(['import', machines, '--into', '.'], { cwd: project })
    expect(run.code).toBe(0)
    const test = read(project, 'test/resources/machine.test.ts')
    const module = read(project, 'src/resources/machine.ts')
    const listed = (category: string) =>
      test.match(new RegExp(`it\\.todo\\(\\s*'${category}: `, 'g'))?.length ?? 0
    const counts = ['conversion', 'validation', 'required-ness'].map(
      (category) => `${listed(category)} ${category}`
    )
    const total = module.match(/\/\/ TODO /g)?.length ?? 0
    expect(test.match(/it\.todo\(/g)?.length).toBe(total)
    expect(run.stdout).toContain(`left to decide: ${counts.join(', ')} (${total} TODOs`)
    expect(listed('required-ness')).toBeGreaterThan(0)
    expect(test).toContain(
      "'required-ness: v1beta1 → v1beta2: .spec: required optional → required'"
    )
    expect(test).toContain("'validation: v1beta1 → v1beta2: .status.conditions: list-type - → map'")
  })

  it('proposes no rename on Machine where names only share a word, and names the conversions of its real moves', async () => {
    const project = await initProject()
    expect((await crdconv(['import', machines, '--into', '.'], { cwd: project })).code).toBe(0)
    const module = read(project, 'src/resources/machine.ts')
    expect(module).not.toMatch(/move\.renamed\(/)
    expect(module).not.toContain('may be a rename')
    // failureDomain is new in v1beta2, not failureReason or failureMessage renamed
    expect(module).toContain(
      '// TODO .status.failureDomain: added (string) (v1beta1 → v1beta2): objects from v1beta1 get no value'
    )
    expect(module).toContain("move.removed('status.failureReason')")
    for (const duration of ['nodeDrainTimeout', 'nodeVolumeDetachTimeout', 'nodeDeletionTimeout']) {
      expect(module).toContain(
        `// TODO .spec.${duration}: removed (string) (v1beta1 → v1beta2): v1beta1's duration .spec.${duration} is v1beta2's .spec.deletion.${duration}Seconds in whole seconds`
      )
    }
    for (const reference of ['spec.bootstrap.configRef', 'spec.infrastructureRef']) {
      expect(module).toContain(
        `// TODO .${reference}.apiGroup: added (string, required) (v1beta1 → v1beta2): v1beta1's .${reference}.apiVersion (group/version) is v1beta2's .${reference}.apiGroup without the version`
      )
      expect(module).toContain(`move.removed('${reference}.apiVersion')`)
    }
  })

  it('gives each version schema objects of its own, where two versions are equal too', async () => {
    const project = await initProject()
    expect((await crdconv(['import', gatewayClasses, '--into', '.'], { cwd: project })).code).toBe(
      0
    )
    const module = read(project, 'src/resources/gateway-class.ts')
    const v1beta1 = module.slice(module.indexOf('export const GatewayClassV1beta1 ='))
    const start = module.indexOf('export const GatewayClassV1 =')
    expect(v1beta1).not.toMatch(/GatewayClassV1[A-Z]/)
    expect(module).toMatch(/const GatewayClassV1beta1Spec = /)
    expect(module.slice(start, module.indexOf('\n\n', start))).toMatch(/spec: GatewayClassV1Spec\b/)
  })

  it('adds a resource once when imported again with --force', async () => {
    const project = await initProject()
    for (const force of [[], ['--force']]) {
      const run = await crdconv(['import', gatewayClasses, '--into', '.', ...force], {
        cwd: project,
      })
      expect(run.code).toBe(0)
    }
    const scheme = read(project, 'src/scheme.ts')
    expect(scheme.match(/import \{ gatewayClass \}/g)).toHaveLength(1)
    expect(read(project, 'src/scheme.descriptions.ts').match(/gateway-class/g)).toHaveLength(1)
    expect(scheme).toContain('createScheme([cronTab, gatewayClass])')
  })

  it.each([
    [
      'a directory without package.json',
      (project: string) => rmSync(join(project, 'package.json')),
      'is not a project made by crdconv init',
    ],
    [
      'a project whose src/scheme.ts has no createScheme list',
      (project: string) =>
        writeFileSync(join(project, 'src/scheme.ts'), "export { scheme } from './other.ts'\n"),
      // a usage error is one line: the message's lines joined
      "Add them yourself: import { gatewayClass } from './resources/gateway-class.ts';",
    ],
    [
      'a project with the module already, without --force',
      (project: string) => {
        mkdirSync(join(project, 'src/resources'))
        writeFileSync(join(project, 'src/resources/gateway-class.ts'), 'mine')
      },
      'src/resources/gateway-class.ts exists',
    ],
  ] as const)('writes nothing into %s, and says why (exit 2)', async (_, spoil, message) => {
    const project = await initProject()
    spoil(project)
    const before = filesUnder(project)
    const run = await crdconv(['import', gatewayClasses, '--into', '.'], { cwd: project })
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('nothing written')
    expect(run.stderr).toContain(message)
    expect(filesUnder(project)).toEqual(before)
  })

  it('refuses --into with --out', async () => {
    const run = await crdconv(['import', gatewayClasses, '--into', '.', '--out', 'x'])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('give --into <project> or --out <dir>, not both')
  })
})
