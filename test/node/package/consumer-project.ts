// A project the way a CRD author gets one: `crdconv init` run from the packed tarball's CLI, the
// tarball installed into it, and a few extra consumer files beside the generated ones.
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { promisify } from 'node:util'

const repoRoot = resolve(import.meta.dirname, '../../..')

export interface CommandRun {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
}

/**
 * The environment of the consumer's commands: the Node running this test first on PATH (so npm,
 * npx and their scripts run on it), and nothing of this vitest run.
 */
export function consumerEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [name, value] of Object.entries(process.env)) {
    if (!/^(VITEST|TINYPOOL|NODE_ENV$|NODE_OPTIONS$|npm_)/.test(name)) env[name] = value
  }
  env['PATH'] = `${dirname(process.execPath)}:${process.env['PATH'] ?? ''}`
  env['WRANGLER_SEND_METRICS'] = 'false'
  env['CI'] = 'true'
  env['NO_COLOR'] = '1'
  return env
}

/** Runs a command to the end; a non-zero exit is returned, not thrown. */
export async function run(
  command: string,
  args: readonly string[],
  cwd: string
): Promise<CommandRun> {
  try {
    const { stdout, stderr } = await promisify(execFile)(command, [...args], {
      cwd,
      env: consumerEnv(),
      maxBuffer: 64 * 1024 * 1024,
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string }
    return {
      code: typeof failed.code === 'number' ? failed.code : 1,
      stdout: failed.stdout ?? '',
      stderr: failed.stderr ?? String(error),
    }
  }
}

async function mustRun(command: string, args: readonly string[], cwd: string): Promise<string> {
  const result = await run(command, args, cwd)
  if (result.code !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} exited ${result.code}:\n${result.stdout}\n${result.stderr}`
    )
  }
  return result.stdout
}

export interface ConsumerProject {
  readonly dir: string
  readonly tarball: string
}

/**
 * Packs this repository (from its build: `npm run build` first), runs `crdconv init` from the
 * packed CLI, adds `extraFiles`, and installs the tarball with the project's own dependencies.
 */
export async function createConsumerProject(
  initArgs: readonly string[],
  extraFiles: Readonly<Record<string, string>>
): Promise<ConsumerProject> {
  if (!existsSync(join(repoRoot, 'dist/index.js'))) {
    throw new Error('dist/ is missing: `npm run build` first (npm test does)')
  }
  const workDir = mkdtempSync(join(tmpdir(), 'crdconv-consumer-'))
  const packed = await mustRun(
    'npm',
    ['pack', '--ignore-scripts', '--json', '--pack-destination', workDir],
    repoRoot
  )
  const [{ filename }] = JSON.parse(packed) as [{ filename: string }]
  const tarball = join(workDir, filename)
  const dir = join(workDir, 'webhook')
  // what `npx crdconv init` runs: the CLI of the tarball, in a throwaway install of its own
  await mustRun(
    'npm',
    [
      'exec',
      '--yes',
      '--prefer-offline',
      '--package',
      tarball,
      '--',
      'crdconv',
      'init',
      dir,
      ...initArgs,
    ],
    workDir
  )
  for (const [path, text] of Object.entries(extraFiles)) writeFileSync(join(dir, path), text)
  await mustRun('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', tarball], dir)
  return { dir, tarball }
}

/** Starts `npm start -- <args>` and resolves with the URL the server reports on stderr. */
export function startServer(
  cwd: string,
  args: readonly string[]
): Promise<{ url: string; stop: () => void }> {
  const child: ChildProcess = spawn('npm', ['start', '--', ...args], {
    cwd,
    env: consumerEnv(),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const stop = () => {
    if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM')
  }
  return new Promise((resolveUrl, reject) => {
    let output = ''
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /serving (http:\/\/\S+)\/convert/.exec(output)
      if (match?.[1] !== undefined) resolveUrl({ url: match[1], stop })
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.once('exit', (code) => reject(new Error(`npm start exited ${code}:\n${output}`)))
  })
}
