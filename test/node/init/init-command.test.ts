import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseEnv } from 'node:util'
import { describe, expect, it } from 'vitest'
import { checkPathTokens } from '../../../packages/webhook/src/http/index.ts'
import {
  VITEST_PLUGIN,
  VITEST_POOL_WORKERS_FOR_NODE_20,
  WRANGLER_FOR_NODE_20,
  WRANGLER_FOR_NODE_22,
} from '../../../packages/crdconv/src/init/index.ts'
import { crdconv } from '../cli/run-cli.ts'

const flags = ['--group', 'example.com', '--kind', 'CronTab', '--versions', 'v1beta1,v1']
const projectFiles = [
  '.containerignore',
  '.dev.vars',
  '.dev.vars.example',
  '.gitignore',
  'Containerfile',
  'README.md',
  'chart/Chart.yaml',
  'chart/files/alerts.yaml',
  'chart/files/dashboard.json',
  'chart/templates/_helpers.tpl',
  'chart/templates/certificate.yaml',
  'chart/templates/crd.yaml',
  'chart/templates/deployment.yaml',
  'chart/templates/grafana-dashboard.yaml',
  'chart/templates/networkpolicy.yaml',
  'chart/templates/pdb.yaml',
  'chart/templates/prometheusrule.yaml',
  'chart/templates/service.yaml',
  'chart/templates/servicemonitor.yaml',
  'chart/templates/token-secret.yaml',
  'chart/values.yaml',
  'kustomize/deployment-patch.yaml',
  'kustomize/kustomization.yaml',
  'package.json',
  'src/lambda.ts',
  'src/scheme.ts',
  'src/server.ts',
  'src/worker.ts',
  'template.yaml',
  'test/lambda.test.ts',
  'test/scheme.test.ts',
  'test/server.test.ts',
  'test/test-token.ts',
  'test/worker.test.ts',
  'tsconfig.json',
  'vitest.config.ts',
  'wrangler.toml',
]

function freshDirectory(): string {
  return mkdtempSync(join(tmpdir(), 'crdconv-init-'))
}

function filesUnder(directory: string): string[] {
  return (
    readdirSync(directory, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[]
  )
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(directory.length + 1))
    .sort()
}

describe('crdconv init', () => {
  it('writes the whole project without a terminal when every flag is given', async () => {
    const parent = freshDirectory()
    const run = await crdconv(['init', 'crontab-webhook', ...flags], { cwd: parent })
    expect(run).toMatchObject({ code: 0, stderr: '' })
    expect(run.stdout).toContain('cd crontab-webhook')
    const project = join(parent, 'crontab-webhook')
    expect(filesUnder(project)).toEqual(projectFiles)
    expect(readdirSync(parent)).toEqual(['crontab-webhook'])
    const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8'))
    const ownVersion = JSON.parse(readFileSync('packages/crdconv/package.json', 'utf8')).version
    // the webhook is the project's one production dependency of ours (with the Node server it
    // serves the image on); the tooling is a dev one
    expect(Object.keys(manifest.dependencies).sort()).toEqual([
      '@crdconv/webhook',
      '@hono/node-server',
      'zod',
    ])
    expect(manifest).toMatchObject({
      name: 'crontab-webhook',
      dependencies: { '@crdconv/webhook': `^${ownVersion}` },
      devDependencies: {
        crdconv: `^${ownVersion}`,
        // the Workers test pool under its new name, or on Node 20 the last old one that runs there
        ...(Number(process.versions.node.split('.')[0]) >= 22
          ? { '@cloudflare/vitest-plugin': VITEST_PLUGIN }
          : { '@cloudflare/vitest-pool-workers': VITEST_POOL_WORKERS_FOR_NODE_20 }),
        wrangler:
          Number(process.versions.node.split('.')[0]) >= 22
            ? WRANGLER_FOR_NODE_22
            : WRANGLER_FOR_NODE_20,
      },
    })
    expect(readFileSync(join(project, 'src/scheme.ts'), 'utf8')).toMatch(
      /v1: \{\n\s+schema: CronTabV1,\n\s+storage: true,/
    )
    expect(readFileSync(join(project, 'wrangler.toml'), 'utf8')).toMatch(/^minify = true$/m)
    expect(readFileSync(join(project, '.dev.vars.example'), 'utf8')).toMatch(/^CONVERT_TOKEN=/m)
  })

  const tokenOf = (project: string) =>
    parseEnv(readFileSync(join(project, '.dev.vars'), 'utf8'))['CONVERT_TOKEN']

  it('writes a new path token to .dev.vars that the webhook accepts, another for each project, and keeps it out of git', async () => {
    const parent = freshDirectory()
    for (const name of ['one', 'two']) {
      expect((await crdconv(['init', name, ...flags], { cwd: parent })).code).toBe(0)
    }
    const [one, two] = [tokenOf(join(parent, 'one')), tokenOf(join(parent, 'two'))]
    expect(one).toMatch(/^[0-9a-f]{48}$/)
    expect(() => checkPathTokens([one!])).not.toThrow()
    expect(two).not.toBe(one)
    expect(readFileSync(join(parent, 'one/.gitignore'), 'utf8')).toMatch(/^\.dev\.vars$/m)
    // the example is refused by the webhook, so it can never be deployed by mistake
    const example = parseEnv(readFileSync(join(parent, 'one/.dev.vars.example'), 'utf8'))
    expect(() => checkPathTokens([example['CONVERT_TOKEN'] ?? ''])).toThrow()
  })

  it('keeps the token a project has when --force writes over it: the deployed one still works', async () => {
    const project = freshDirectory()
    expect((await crdconv(['init', '.', ...flags], { cwd: project })).code).toBe(0)
    const before = tokenOf(project)
    const again = await crdconv(['init', '.', ...flags, '--force'], { cwd: project })
    expect(again.stdout).toContain("holds the webhook's path token it had")
    expect(tokenOf(project)).toBe(before)
  })

  it('sends the token to every platform in its deploy scripts, and the chart its CRD by --no-token', async () => {
    const project = join(freshDirectory(), 'webhook')
    expect((await crdconv(['init', project, ...flags, '--aws', 'both'])).code).toBe(0)
    const { scripts } = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8'))
    const token = `"$(sed -n 's/^CONVERT_TOKEN=//p' .dev.vars)"`
    expect(scripts).toMatchObject({
      'deploy:cloudflare': 'wrangler deploy --secrets-file .dev.vars',
      'deploy:sam': expect.stringContaining(`--parameter-overrides ConvertToken=${token}`),
      'deploy:cdk': expect.stringContaining(` cdk deploy --parameters ConvertToken=${token}`),
      'chart:crd': expect.stringContaining('--no-token'),
      kustomize: expect.stringContaining(
        `printf 'token: %s\\n' ${token} > kustomize/token-values.yaml`
      ),
    })
  })

  it('writes sources that import the webhook package, and tests that import only the tooling’s kit, corpus reader and CRD checks', async () => {
    const parent = freshDirectory()
    expect((await crdconv(['init', 'webhook', ...flags], { cwd: parent })).code).toBe(0)
    const sources = projectFiles.filter((path) => path.endsWith('.ts'))
    const imported = sources.flatMap((path) =>
      [...readFileSync(join(parent, 'webhook', path), 'utf8').matchAll(/ from '([^.][^']*)'/g)].map(
        (match) => `${path}: ${match[1]}`
      )
    )
    expect(imported.sort()).toEqual([
      'src/lambda.ts: @crdconv/webhook/lambda',
      'src/scheme.ts: @crdconv/webhook',
      'src/scheme.ts: zod/mini',
      'src/server.ts: @crdconv/webhook/node',
      'src/worker.ts: @crdconv/webhook/worker',
      'test/lambda.test.ts: crdconv/testing',
      'test/lambda.test.ts: vitest',
      'test/scheme.test.ts: crdconv/corpus',
      'test/scheme.test.ts: crdconv/crd',
      'test/scheme.test.ts: crdconv/testing',
      'test/scheme.test.ts: vitest',
      'test/server.test.ts: crdconv/testing',
      'test/server.test.ts: vitest',
      'test/worker.test.ts: cloudflare:test',
      'test/worker.test.ts: crdconv/testing',
      'test/worker.test.ts: vitest',
      // the Workers test pool: its new name on Node 22 and later, its old one on Node 20
      `vitest.config.ts: @cloudflare/${Number(process.versions.node.split('.')[0]) >= 22 ? 'vitest-plugin' : 'vitest-pool-workers'}`,
      'vitest.config.ts: node:fs',
      'vitest.config.ts: vitest/config',
    ])
  })

  // what the CDK app needs past a SAM project's: the construct library and its base, and tsx for
  // cdk.json's app; the CDK command runs through npx (docs/deploy.md: the sizes)
  const CDK_NEEDS = ['aws-cdk-lib', 'constructs', 'tsx']
  it.each([
    ['sam', ['template.yaml'], ['build:sam', 'deploy:sam'], []],
    ['cdk', ['cdk.json', 'cdk/app.ts'], ['synth:cdk', 'deploy:cdk'], CDK_NEEDS],
    [
      'both',
      ['cdk.json', 'cdk/app.ts', 'template.yaml'],
      ['build:sam', 'deploy:sam', 'synth:cdk', 'deploy:cdk'],
      CDK_NEEDS,
    ],
  ])(
    '--aws %s writes %j, with the scripts %j and, past a SAM project, the dev dependencies %j',
    async (aws, files, scripts, cdkPackages) => {
      const samParent = freshDirectory()
      await crdconv(['init', 'webhook', ...flags, '--aws', 'sam'], { cwd: samParent })
      const samManifest = JSON.parse(
        readFileSync(join(samParent, 'webhook', 'package.json'), 'utf8')
      ) as { devDependencies: Record<string, string> }
      const parent = freshDirectory()
      expect(
        (await crdconv(['init', 'webhook', ...flags, '--aws', aws], { cwd: parent })).code
      ).toBe(0)
      const project = join(parent, 'webhook')
      const written = filesUnder(project)
      expect(written.filter((path) => /^(cdk|template\.yaml)/.test(path))).toEqual(files)
      const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8'))
      expect(Object.keys(manifest.scripts).filter((name) => /(sam|cdk)$/.test(name))).toEqual(
        scripts
      )
      expect(
        Object.keys(manifest.devDependencies).filter(
          (name) => samManifest.devDependencies[name] === undefined
        )
      ).toEqual(cdkPackages)
      const readme = readFileSync(join(project, 'README.md'), 'utf8')
      expect(readme.includes('npm run synth:cdk')).toBe(files.includes('cdk.json'))
      expect(readme.includes('npm run build:sam')).toBe(files.includes('template.yaml'))
      // npm's own flags before the script's name: `npm run --silent kustomize`
      const runs = [...readme.matchAll(/npm run (?:--?\w+ )*([\w:-]+)/g)].map((match) => match[1])
      expect(runs.filter((script) => manifest.scripts[script!] === undefined)).toEqual([])
    }
  )

  it.each([
    [['--kind', 'crontab'], /--kind "crontab" must be UpperCamelCase/],
    [['--aws', 'terraform'], /--aws "terraform" must be sam, cdk or both/],
  ])('exits 2 on %j, naming the flag and the rule, and writes nothing', async (bad, message) => {
    const parent = freshDirectory()
    const run = await crdconv(['init', 'webhook', ...flags, ...bad], { cwd: parent })
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(message)
    expect(readdirSync(parent)).toEqual([])
  })

  it('exits 2 without a terminal when an answer is missing', async () => {
    const parent = freshDirectory()
    const run = await crdconv(['init', 'webhook', '--group', 'example.com'], { cwd: parent })
    expect(run).toMatchObject({ code: 2, stderr: expect.stringMatching(/--kind is required/) })
    expect(readdirSync(parent)).toEqual([])
  })

  it('refuses a directory that is not empty, and leaves it as it was', async () => {
    const project = freshDirectory()
    writeFileSync(join(project, 'notes.txt'), 'mine')
    const run = await crdconv(['init', '.', ...flags], { cwd: project })
    expect(run).toMatchObject({ code: 2, stderr: expect.stringMatching(/not empty.*--force/) })
    expect(filesUnder(project)).toEqual(['notes.txt'])
  })

  it('with --force writes the project over a directory and keeps the files it does not replace', async () => {
    const project = freshDirectory()
    mkdirSync(join(project, 'src'))
    writeFileSync(join(project, 'src/extra.ts'), 'export const mine = 1\n')
    writeFileSync(join(project, 'README.md'), 'old readme')
    const run = await crdconv(['init', '.', ...flags, '--force'], { cwd: project })
    expect(run.code).toBe(0)
    expect(filesUnder(project)).toEqual([...projectFiles, 'src/extra.ts'].sort())
    expect(readFileSync(join(project, 'src/extra.ts'), 'utf8')).toBe('export const mine = 1\n')
    expect(readFileSync(join(project, 'README.md'), 'utf8')).toContain('CronTab.example.com')
    expect(
      readdirSync(join(project, '..')).filter((name) => name.includes('crdconv-init-'))
    ).toEqual(expect.not.arrayContaining([expect.stringContaining('-replaced')]))
  })
})
