// Every script `crdconv init` writes into package.json, run as a user runs it (`npm run <script>`,
// no arguments) in a fresh project of each --aws choice: it succeeds, serves, or stops with one
// line naming what to set or install. One project (--aws both) is installed; the sam and cdk
// projects hold a subset of its scripts and run them on its node_modules (one CDK install, not
// three). Scripts that reach a cloud account are listed below as out of scope, with the reason.
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AWS_DEPLOYS, type AwsDeploy } from '../../../packages/crdconv/src/init/index.ts'
import {
  consumerEnv,
  createInitProject,
  initProject,
  INSTALL,
  mustRun,
  packPackages,
  run,
} from '../../support/consumer-project.ts'

/** What running a script with no arguments must give. */
type Outcome =
  | { readonly kind: 'succeeds' }
  /** a long-running server: prints `ready` (its URL first), then answers GET /healthz */
  | { readonly kind: 'serves'; readonly ready: RegExp; readonly names?: RegExp }
  /** one line on stderr matching `names`, exit code not 0; `barePath`: only node, npm, sh tools */
  | { readonly kind: 'stops'; readonly names: RegExp; readonly barePath?: true }
  | { readonly kind: 'out of scope'; readonly reason: string }

const SCRIPTS: Readonly<Record<string, Outcome>> = {
  test: { kind: 'succeeds' },
  'build:worker': { kind: 'succeeds' },
  'build:server': { kind: 'succeeds' },
  check: { kind: 'succeeds' },
  'chart:crd': { kind: 'succeeds' },
  'synth:cdk': { kind: 'succeeds' },
  crd: { kind: 'stops', names: /"crdconv": \{ "url": "https:\/\/<your-webhook>\/convert" \}/ },
  start: {
    kind: 'serves',
    ready: /serving (http:\/\/127\.0\.0\.1:\d+)\/convert\/<token>/,
    // no token in the environment: the one init wrote to .dev.vars, as wrangler dev takes it
    names: /\(the token: CONVERT_TOKEN in \.dev\.vars\)/,
  },
  dev: { kind: 'serves', ready: /Ready on (http:\/\/localhost:\d+)/ },
  'build:sam': {
    kind: 'stops',
    names: /needs sam on PATH: install the AWS SAM CLI/,
    barePath: true,
  },
  // its first step is build:sam, so without sam it stops there, before any call to AWS
  'deploy:sam': { kind: 'stops', names: /needs sam on PATH/, barePath: true },
  kustomize: { kind: 'stops', names: /needs kubectl on PATH/, barePath: true },
  'deploy:cdk': {
    kind: 'out of scope',
    reason:
      "deploys to an AWS account: the CDK looks for credentials along AWS's chain, which ends at the instance metadata endpoint, before it can fail",
  },
  'deploy:cloudflare': {
    kind: 'out of scope',
    reason:
      'uploads to a Cloudflare account: without CLOUDFLARE_API_TOKEN wrangler opens a browser login (or, in CI, prints its error and a log path)',
  },
}

const workDir = mkdtempSync(join(tmpdir(), 'crdconv-scaffold-scripts-'))
const projectOf = (aws: AwsDeploy) => join(workDir, `webhook-${aws}`)
const initArgs = (aws: AwsDeploy) => [
  '--group',
  'scripts.example.com',
  '--kind',
  'Gizmo',
  '--versions',
  'v1beta1,v1',
  '--aws',
  aws,
]

/** A PATH with node, npm and the few programs the scripts' sh lines use, and nothing else. */
function barePath(): string {
  const bin = join(workDir, 'bare-bin')
  mkdirSync(bin)
  const nodeBin = consumerEnv()['PATH']?.split(':')[0] ?? ''
  for (const program of ['node', 'npm', 'npx'])
    symlinkSync(join(nodeBin, program), join(bin, program))
  // npm runs scripts with the sh it finds on PATH
  for (const program of ['sh', 'sed', 'mkdir']) symlinkSync(`/bin/${program}`, join(bin, program))
  return bin
}

let bare: string
beforeAll(async () => {
  const packed = await packPackages(workDir)
  await createInitProject(projectOf('both'), packed, initArgs('both'), {})
  for (const aws of AWS_DEPLOYS.filter((choice) => choice !== 'both')) {
    await initProject(projectOf(aws), packed, initArgs(aws))
    // its own package-lock.json (the CDK's bundling needs one), from the packages just installed
    await mustRun('npm', [...INSTALL, '--package-lock-only'], projectOf(aws))
    symlinkSync(join(projectOf('both'), 'node_modules'), join(projectOf(aws), 'node_modules'))
  }
  bare = barePath()
}, 600_000)
afterAll(() => rm(workDir, { recursive: true, force: true }), 120_000)

const scriptsOf = (aws: AwsDeploy): Record<string, string> =>
  (
    JSON.parse(readFileSync(join(projectOf(aws), 'package.json'), 'utf8')) as {
      scripts: Record<string, string>
    }
  ).scripts

/** Starts `npm run <script>`, resolves with the first URL `ready` finds, and stops it after `use`. */
async function whileServing(
  cwd: string,
  script: string,
  ready: RegExp,
  use: (url: string, output: () => string) => Promise<void>
): Promise<void> {
  const child = spawn('npm', ['run', script], {
    cwd,
    env: consumerEnv(),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const found = ready.exec(output)?.[1]
      if (found !== undefined) resolve(found)
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.once('exit', (code) => reject(new Error(`npm run ${script} exited ${code}:\n${output}`)))
  })
  try {
    await use(url, () => output)
  } finally {
    if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM')
  }
}

describe('the scripts crdconv init writes', () => {
  it('are each one of the scripts this test knows what to expect of', () => {
    const written = new Set(AWS_DEPLOYS.flatMap((aws) => Object.keys(scriptsOf(aws))))
    expect([...written].sort()).toEqual(Object.keys(SCRIPTS).sort())
  })

  it('are the same commands in the sam and cdk projects as in the both project they run on', () => {
    for (const aws of AWS_DEPLOYS) {
      expect(scriptsOf('both')).toMatchObject(scriptsOf(aws))
    }
  })
})

describe.each(AWS_DEPLOYS)('npm run <script> in a fresh --aws %s project', (aws) => {
  const cases = () =>
    Object.keys(scriptsOf(aws)).map((script) => [script, SCRIPTS[script]] as const)
  it('runs every script with no arguments as expected', { timeout: 900_000 }, async () => {
    for (const [script, outcome] of cases()) {
      if (outcome === undefined || outcome.kind === 'out of scope') continue
      if (script === 'test' && aws !== 'both') continue // the same command on the same node_modules
      const project = projectOf(aws)
      if (outcome.kind === 'serves') {
        await whileServing(project, script, outcome.ready, async (url, output) => {
          const health = await fetch(`${url}/healthz`)
          expect(health.status, `${script}: GET /healthz`).toBe(200)
          if (outcome.names !== undefined) expect(output()).toMatch(outcome.names)
        })
        continue
      }
      const env = outcome.kind === 'stops' && outcome.barePath ? { PATH: bare } : {}
      const result = await run('npm', ['run', '--silent', script], project, env)
      if (outcome.kind === 'succeeds') {
        expect(result.code, `${script}:\n${result.stdout}\n${result.stderr}`).toBe(0)
        continue
      }
      const lines = result.stderr.split('\n').filter((line) => line.trim() !== '')
      expect({ script, code: result.code === 0, lines }).toEqual({
        script,
        code: false,
        lines: [expect.stringMatching(outcome.names)],
      })
    }
  })
})
