// The first hour of a CRD author, walked as a test on the Node it runs on (.ci/run runs it on
// Node 20, 22 and 24): from an empty folder, `crdconv init` from the packed tarballs, `npm install`,
// `npm test`, `crdconv check`, then each target's offline deploy step. Each step must succeed; its
// time is recorded (test/support/scaffold-walk-times.ts, gathered by `npm run bench:walk`), never
// asserted. The same install is held quiet: no npm warning (EBADENGINE, install scripts skipped),
// no wrangler banner or update notice, no banner of the Workers pool.
import { mkdtempSync, readFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { stripVTControlCharacters } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  consumerEnv,
  initProject,
  packPackages,
  run,
  type CommandRun,
  type PackedPackages,
} from '../../support/consumer-project.ts'
import { helmCommand, samCli } from '../../support/cached-tools.ts'
import { writeWalkTimes, type WalkStepTime } from '../../support/scaffold-walk-times.ts'
import { editOverlayValues } from './kube-manifests.ts'

/** Lines that are a tool's warning or banner, not the project's output. */
const NOISE = [
  /\bnpm warn\b/i,
  /EBADENGINE/,
  /install scripts/i,
  /has been renamed/,
  /@cloudflare\/codemods/,
  /This package will not receive future updates/,
  /⛅️ wrangler/,
  /update available/i,
  /telemetry/i,
  /^\W*WARNING\b/,
  /\[wrangler:warn\]/,
  /^={20,}$/,
]

const nodeMajor = Number(process.versions.node.split('.')[0])

const noiseIn = (output: string): string[] =>
  output
    .split('\n')
    // NO_COLOR is set, but a banner may still carry its own colour codes
    .map((line) => stripVTControlCharacters(line).trim())
    .filter((line) => NOISE.some((pattern) => pattern.test(line)))

const workDir = mkdtempSync(join(tmpdir(), 'crdconv-scaffold-walk-'))
const project = join(workDir, 'webhook')
// the CDK adds about 190 MB to the install: a --aws both project, and cdk synth, only when slow
// suites run; otherwise the default (SAM)
const SLOW = process.env['CRDCONV_SLOW_TESTS'] === '1'
const INIT_ARGS = [
  ...['--group', 'walk.example.com', '--kind', 'Stroll', '--versions', 'v1beta1,v1'],
  ...(SLOW ? ['--aws', 'both'] : []),
]
// a machine where wrangler never ran: its once-per-version telemetry line depends on the user's
// own wrangler configuration, not on the project (docs/init.md)
const ENV = { XDG_CONFIG_HOME: join(workDir, 'config') }
const sam = samCli()
const helm = helmCommand()
const withOnPath = (...tools: string[]) => ({
  ...ENV,
  PATH: [...tools.map((tool) => dirname(tool)), consumerEnv()['PATH']].join(':'),
})

// what the operator must set: the chart admits no source by default
const API_SERVER_CIDRS = ['10.0.0.10/32']
const CLUSTER_VALUES = ['--set', `apiServerCIDRs={${API_SERVER_CIDRS.join(',')}}`]

interface WalkStep {
  readonly step: string
  /** why it cannot run here (a tool not installed, a suite not asked for) */
  readonly skip?: string | undefined
  readonly run: () => Promise<CommandRun>
  /** what its output must show, past exit code 0 */
  readonly shows?: RegExp
}

let packed: PackedPackages
const outputs: Record<string, CommandRun> = {}
const times: WalkStepTime[] = []

const STEPS: readonly WalkStep[] = [
  {
    step: 'crdconv init --from (the packed tarballs)',
    run: async () => {
      await initProject(project, packed, INIT_ARGS)
      return { code: 0, stdout: '', stderr: '' }
    },
  },
  { step: 'npm install', run: () => run('npm', ['install'], project, ENV) },
  { step: 'npm test', run: () => run('npm', ['test'], project, ENV), shows: /Tests\s+\d+ passed/ },
  {
    step: 'crdconv check',
    run: () => run('npx', ['crdconv', 'check'], project, ENV),
    shows: /all checks passed/,
  },
  {
    step: 'Cloudflare: wrangler deploy --dry-run',
    run: () => run('npm', ['run', 'build:worker'], project, ENV),
    shows: /--dry-run: exiting now/,
  },
  {
    step: 'SAM: sam validate --lint and sam build',
    skip: 'skip' in sam ? sam.skip : undefined,
    run: () => run('npm', ['run', 'build:sam'], project, 'path' in sam ? withOnPath(sam.path) : {}),
    shows: /Build Succeeded/,
  },
  {
    step: 'the chart: helm template',
    skip: 'skip' in helm ? helm.skip : undefined,
    run: async () => {
      const crd = await run('npm', ['run', 'chart:crd'], project, ENV)
      if (crd.code !== 0 || !('path' in helm)) return crd
      // the token the README's helm line gives: the one init wrote to .dev.vars
      const token = /^CONVERT_TOKEN=(.+)$/m.exec(readFileSync(join(project, '.dev.vars'), 'utf8'))
      const values = [...CLUSTER_VALUES, '--set', `token=${token?.[1] ?? ''}`]
      return run(helm.path, ['template', 'walk', 'chart', ...values], project, ENV)
    },
    shows: /kind: Deployment/,
  },
  {
    step: 'kustomize: kubectl kustomize',
    skip: 'skip' in helm ? helm.skip : undefined,
    run: () => {
      // the one value an operator must set, where the scaffold's README says to set it
      editOverlayValues(project, { apiServerCIDRs: API_SERVER_CIDRS })
      return run(
        'npm',
        [
          'run',
          '--silent',
          'kustomize',
          ...('path' in helm ? ['--', '--helm-command', helm.path] : []),
        ],
        project,
        ENV
      )
    },
    shows: /kind: Deployment/,
  },
  {
    step: 'CDK: cdk synth',
    skip: SLOW
      ? undefined
      : 'the CDK adds about 190 MB to the install: only with CRDCONV_SLOW_TESTS=1',
    run: () => run('npm', ['run', 'synth:cdk', '--', '--no-notices'], project, ENV),
    shows: /AuthType: NONE|"AuthType": "NONE"/,
  },
]

beforeAll(async () => {
  packed = await packPackages(workDir)
}, 600_000)
afterAll(async () => {
  const steps = STEPS.flatMap(({ step }) => times.filter((time) => time.step === step))
  writeWalkTimes({ node: process.version, date: new Date().toISOString(), steps })
  await rm(workDir, { recursive: true, force: true })
}, 120_000)

describe(`the walk from an empty folder to each deploy's dry run, on Node ${nodeMajor}`, () => {
  for (const { step, skip, run: runStep, shows } of STEPS) {
    it.skipIf(skip !== undefined)(
      `${step}${skip === undefined ? '' : ` (skipped: ${skip})`}`,
      { timeout: 900_000 },
      async () => {
        const started = performance.now()
        const result = await runStep()
        times.push({ step, seconds: Math.round((performance.now() - started) / 100) / 10 })
        outputs[step] = result
        expect(result.code, `${step}:\n${result.stdout}\n${result.stderr}`).toBe(0)
        if (shows !== undefined) expect(result.stdout + result.stderr).toMatch(shows)
      }
    )
    if (skip !== undefined) times.push({ step, skipped: skip })
  }

  it('prints no warning or banner on npm install and npm test', () => {
    const printed = (step: string) => `${outputs[step]?.stdout ?? ''}${outputs[step]?.stderr ?? ''}`
    expect(outputs['npm test'], 'npm test ran').toBeDefined()
    expect({
      install: noiseIn(printed('npm install')),
      test: noiseIn(printed('npm test')),
    }).toEqual({ install: [], test: [] })
  })
})
