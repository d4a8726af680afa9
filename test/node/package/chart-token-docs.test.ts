// The chart, the scaffold and the docs agree: one token rule (every `openssl rand` they give makes
// a token the webhook and the chart both take), one token that stays the same across renders,
// the README's helm line rendering as written, and the cert-manager kinds named as the chart
// makes them.
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { parseEnv } from 'node:util'
import { describe, expect, it } from 'vitest'
import { parseAllDocuments } from 'yaml'
import { checkPathTokens } from '../../../packages/webhook/src/http/index.ts'
import { projectFiles } from '../../../packages/crdconv/src/init/project-files.ts'
import { toolVersions } from '../../../packages/crdconv/src/init/tool-versions.ts'
import { crdconv } from '../cli/run-cli.ts'
import { helmCommand } from '../../support/cached-tools.ts'

const repoRoot = resolve(import.meta.dirname, '../../..')
const helm = helmCommand()
const helmPath = 'path' in helm ? helm.path : ''

interface Rendered {
  readonly kind: string
  readonly metadata: { readonly name: string }
  readonly data?: { readonly token?: string }
  readonly spec?: Record<string, unknown>
}

const renderedDocuments = (text: string) =>
  parseAllDocuments(text)
    .map((document) => document.toJS() as Rendered | null)
    .filter((document): document is Rendered => document !== null)

/** A project `crdconv init` wrote, with the repository's packages for its npm install and the chart's CRD. */
async function chartProject(): Promise<string> {
  const parent = mkdtempSync(join(tmpdir(), 'crdconv-chart-docs-'))
  const flags = ['--group', 'example.com', '--kind', 'CronTab', '--versions', 'v1beta1,v1']
  expect((await crdconv(['init', 'webhook', ...flags], { cwd: parent })).code).toBe(0)
  const project = join(parent, 'webhook')
  symlinkSync(join(repoRoot, 'node_modules'), join(project, 'node_modules'))
  const crd = await crdconv(
    [
      'crd',
      '--url',
      'https://in-cluster.invalid/convert',
      '--no-token',
      '--scheme',
      'src/scheme.ts',
    ],
    { cwd: project }
  )
  expect(crd.code, crd.stderr).toBe(0)
  writeFileSync(join(project, 'chart/files/crd.yaml'), crd.stdout)
  return project
}

/** `command` run by bash in `cwd` with helm on PATH. */
function bash(command: string, cwd: string) {
  return spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', command], {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      BASH_ENV: '',
      PATH: `${dirname(helmPath)}:${process.env['PATH'] ?? ''}`,
    },
  })
}

/** The README's `helm install` command, its continuation lines joined. */
function readmeHelmLine(readme: string): string {
  const start = readme.indexOf('\nhelm install ')
  const lines: string[] = []
  for (const line of readme.slice(start + 1).split('\n')) {
    lines.push(line.replace(/\\$/, ''))
    if (!line.endsWith('\\')) break
  }
  return lines.join(' ')
}

// every `openssl rand` a document or the scaffold gives for a token
function tokenCommands(): { where: string; command: string }[] {
  const documents = [
    'README.md',
    ...readdirSync(join(repoRoot, 'docs')).map((file) => `docs/${file}`),
  ].filter((path) => path.endsWith('.md'))
  const sources = [
    ...documents.map((path) => ({ where: path, text: readFileSync(join(repoRoot, path), 'utf8') })),
    ...Object.entries(
      projectFiles(
        'webhook',
        {
          group: 'example.com',
          kind: 'CronTab',
          versions: ['v1'],
          storage: 'v1',
          scope: 'Namespaced',
          aws: 'both',
        },
        toolVersions()
      )
    ).map(([path, text]) => ({ where: `scaffold ${path}`, text })),
  ]
  return sources.flatMap(({ where, text }) =>
    [...text.matchAll(/openssl rand -\w+ \d+/g)].map(([command]) => ({ where, command }))
  )
}

const CHART_TOKEN = /^[a-z0-9]{32,63}$/

describe.skipIf('skip' in helm)('the chart, the scaffold and the docs on the path token', () => {
  it('give one token command, whose tokens the webhook and the chart both take', () => {
    const commands = tokenCommands()
    expect(commands.length).toBeGreaterThan(3)
    for (const { where, command } of commands) {
      const token = execFileSync('bash', ['-c', command], { encoding: 'utf8' }).trim()
      expect(() => checkPathTokens([token]), `${where}: ${command}`).not.toThrow()
      expect(token, `${where}: ${command}`).toMatch(CHART_TOKEN)
    }
  })

  it("renders the README's helm line as written, with the token of .dev.vars", async () => {
    const project = await chartProject()
    const line = readmeHelmLine(readFileSync(join(project, 'README.md'), 'utf8'))
    expect(line).toMatch(/^helm install webhook chart /)
    const rendered = bash(line.replace(/^helm install /, 'helm template '), project)
    expect(rendered.status, rendered.stderr).toBe(0)
    const token = parseEnv(readFileSync(join(project, '.dev.vars'), 'utf8'))['CONVERT_TOKEN']
    const documents = renderedDocuments(rendered.stdout)
    const secret = documents.find(({ kind }) => kind === 'Secret')
    expect(Buffer.from(secret?.data?.token ?? '', 'base64').toString('utf8')).toBe(token)
    const crd = documents.find(({ kind }) => kind === 'CustomResourceDefinition')
    expect(JSON.stringify(crd?.spec)).toContain(`"path":"/convert/${token}"`)
  })

  it('never makes a token of its own: without one helm template refuses, naming .dev.vars', async () => {
    const project = await chartProject()
    const rendered = bash(
      `helm template webhook chart --set 'apiServerCIDRs={10.0.0.10/32}'`,
      project
    )
    expect(rendered.status).not.toBe(0)
    expect(rendered.stderr).toContain('set token: the path token of the project')
    expect(rendered.stderr).toContain('.dev.vars')
  })

  it('names the cert-manager kinds the chart makes, in the docs and the overlay', async () => {
    const project = await chartProject()
    const rendered = bash(
      `helm template webhook chart --set token=${'0'.repeat(48)} --set 'apiServerCIDRs={10.0.0.10/32}'`,
      project
    )
    expect(rendered.status, rendered.stderr).toBe(0)
    const kinds = new Set(renderedDocuments(rendered.stdout).map(({ kind }) => kind))
    expect(kinds.has('Issuer')).toBe(true)
    expect(kinds.has('ClusterIssuer')).toBe(false)
    for (const path of ['docs/init.md', 'docs/deploy.md', 'README.md']) {
      expect(readFileSync(join(repoRoot, path), 'utf8'), path).not.toContain('ClusterIssuer')
    }
    expect(readFileSync(join(project, 'kustomize/kustomization.yaml'), 'utf8')).not.toContain(
      'ClusterIssuer'
    )
  })
})
