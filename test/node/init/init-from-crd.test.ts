// `crdconv init <dir> --from-crd <file>`: one step from the CRD a cluster runs to a project whose
// scheme serves it as imported, with no starter beside it; and `import --into` never adds a kind
// the scheme defines already.
import { existsSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { crdconv } from '../cli/run-cli.ts'

const pipelineCrd = resolve(import.meta.dirname, '../import/fixtures/labelled-pipeline-crd.yaml')
const gatewayClasses = resolve(
  import.meta.dirname,
  '../../../../shared/crds/gateway-api/gateway.networking.k8s.io_gatewayclasses.yaml'
)

const scratch = () => mkdtempSync(join(tmpdir(), 'crdconv-from-crd-'))
const read = (project: string, path: string) => readFileSync(join(project, path), 'utf8')

describe('crdconv init --from-crd', { timeout: 120_000 }, () => {
  it('writes a project whose scheme serves the imported kind and no starter', async () => {
    const parent = scratch()
    const run = await crdconv(['init', 'webhook', '--from-crd', pipelineCrd], { cwd: parent })
    expect(run.code, run.stderr).toBe(0)
    const project = join(parent, 'webhook')
    expect(read(project, 'src/scheme.ts')).toContain(
      "import { pipeline } from './resources/pipeline.ts'"
    )
    expect(read(project, 'src/scheme.ts')).toContain('createScheme([pipeline])')
    expect(read(project, 'src/scheme.ts')).not.toContain('defineResource')
    expect(existsSync(join(project, 'test/resources/pipeline.test.ts'))).toBe(true)
    const module = read(project, 'src/resources/pipeline.ts')
    expect(module).toContain("group: 'pipelines.example.dev'")
    expect(module).toContain("'app.kubernetes.io/part-of': 'example-pipelines'")
    expect(read(project, 'README.md')).toContain(
      '`Pipeline.pipelines.example.dev` (versions v1beta1, v1; storage v1)'
    )
    expect(read(project, 'README.md')).toContain(
      '`src/resources/pipeline.ts` (`crdconv init --from-crd` imported it'
    )
  })

  it('says what is left to decide where no schema shows it: the opaque object and the webhook the CRD names', async () => {
    const run = await crdconv(['init', 'webhook', '--from-crd', pipelineCrd], { cwd: scratch() })
    expect(run.stdout).not.toContain('nothing left to decide')
    expect(run.stdout).toContain(
      'left to decide: 0 conversion, 0 validation, 0 required-ness (0 TODOs in src/resources/pipeline.ts'
    )
    expect(run.stdout).toContain(
      'opaque in the schema, so no difference and no generated object shows what converts inside'
    )
    expect(run.stdout).toContain('and what the conversion webhook the CRD names today does')
    expect(run.stderr).toContain(
      'Pipeline.pipelines.example.dev: leaves out the annotation kubectl.kubernetes.io/last-applied-configuration'
    )
  })

  it('gives the CRD back from the project: its labels and annotations too, those a tool wrote left out', async () => {
    const parent = scratch()
    expect(
      (await crdconv(['init', 'webhook', '--from-crd', pipelineCrd], { cwd: parent })).code
    ).toBe(0)
    const project = join(parent, 'webhook')
    // the repository's packages stand in for the project's npm install
    symlinkSync(
      resolve(import.meta.dirname, '../../../node_modules'),
      join(project, 'node_modules')
    )
    const printed = await crdconv(
      [
        'crd',
        '--scheme',
        'src/scheme.ts',
        '--url',
        'https://webhook.example/convert',
        '--no-token',
        '-o',
        'json',
      ],
      { cwd: project }
    )
    expect(printed.code, printed.stderr).toBe(0)
    expect((JSON.parse(printed.stdout) as { metadata: unknown }).metadata).toEqual({
      name: 'pipelines.pipelines.example.dev',
      labels: {
        'app.kubernetes.io/instance': 'default',
        'app.kubernetes.io/part-of': 'example-pipelines',
        'pipeline.example.dev/release': 'v1.3.0',
        version: 'v1.3.0',
      },
      annotations: { 'example.dev/owner': 'the pipelines team' },
    })
  })

  it.each([
    ['--kind', 'Pipeline'],
    ['--versions', 'v1'],
    ['--group', 'example.com'],
  ])('refuses %s beside --from-crd, and writes nothing', async (flag, value) => {
    const parent = scratch()
    const run = await crdconv(['init', 'webhook', '--from-crd', pipelineCrd, flag, value], {
      cwd: parent,
    })
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(
      `--from-crd takes the group, kind, versions, storage and scope from the CRD: leave out ${flag}`
    )
    expect(existsSync(join(parent, 'webhook'))).toBe(false)
  })

  it('refuses a file that is no CRD, naming it, and writes nothing', async () => {
    const parent = scratch()
    const run = await crdconv(['init', 'webhook', '--from-crd', '-'], {
      cwd: parent,
      stdin: 'apiVersion: v1\nkind: ConfigMap\n',
    })
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('nothing written, - cannot be imported')
    expect(run.stderr).toContain('not a CRD: kind is "ConfigMap"')
    expect(existsSync(join(parent, 'webhook'))).toBe(false)
  })
})

describe(
  'crdconv import --into a project whose scheme defines the kind',
  { timeout: 120_000 },
  () => {
    it('refuses the starter init wrote for the same kind, writes nothing, and names --from-crd', async () => {
      const parent = scratch()
      const flags = [
        '--group',
        'pipelines.example.dev',
        '--kind',
        'Pipeline',
        '--versions',
        'v1beta1,v1',
      ]
      expect((await crdconv(['init', 'webhook', ...flags], { cwd: parent })).code).toBe(0)
      const project = join(parent, 'webhook')
      const before = read(project, 'src/scheme.ts')
      const run = await crdconv(['import', pipelineCrd, '--into', '.'], { cwd: project })
      expect(run.code).toBe(2)
      expect(run.stderr).toContain('src/scheme.ts defines Pipeline.pipelines.example.dev already')
      expect(run.stderr).toContain('crdconv init <dir> --from-crd <file>')
      expect(read(project, 'src/scheme.ts')).toBe(before)
      expect(existsSync(join(project, 'src/resources'))).toBe(false)
    })

    it('adds a kind of another name beside it, as before', async () => {
      const parent = scratch()
      const flags = ['--group', 'example.com', '--kind', 'CronTab', '--versions', 'v1']
      expect((await crdconv(['init', 'webhook', ...flags], { cwd: parent })).code).toBe(0)
      const project = join(parent, 'webhook')
      const run = await crdconv(['import', gatewayClasses, '--into', '.'], { cwd: project })
      expect(run.code, run.stderr).toBe(0)
      expect(run.stdout).toContain('nothing left to decide')
    })
  }
)
