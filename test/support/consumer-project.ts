// Projects the way users get them, from the packed tarballs of both packages: one that
// `crdconv init` wrote (run from the packed CLI, as `npx crdconv init` runs it), and a plain one
// that installs the runtime alone. Our two packages come from the tarballs, the rest from the
// registry. The package tests use them, and the bench weighs a scaffold's Worker with them.
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { promisify } from 'node:util'

const repoRoot = resolve(import.meta.dirname, '../..')

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

/** Runs a command to the end, with `env` added; a non-zero exit is returned, not thrown. */
export async function run(
  command: string,
  args: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv = {}
): Promise<CommandRun> {
  try {
    const { stdout, stderr } = await promisify(execFile)(command, [...args], {
      cwd,
      env: { ...consumerEnv(), ...env },
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

/** Runs a command to the end; a non-zero exit throws, with its output. */
export async function mustRun(
  command: string,
  args: readonly string[],
  cwd: string
): Promise<string> {
  const result = await run(command, args, cwd)
  if (result.code !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} exited ${result.code}:\n${result.stdout}\n${result.stderr}`
    )
  }
  return result.stdout
}

const INSTALL = ['install', '--no-audit', '--no-fund', '--prefer-offline']

/** The packed tarball of each of our packages, by package name. */
export type Tarballs = Readonly<Record<'@crdconv/webhook' | 'crdconv', string>>

/** `npm pack` of both packages from their builds (`npm run build` first) into `workDir`. */
export async function packPackages(workDir: string): Promise<Tarballs> {
  for (const built of ['webhook/dist/index.js', 'crdconv/dist/cli/main.js']) {
    if (!existsSync(join(repoRoot, 'packages', built))) {
      throw new Error(`packages/${built} is missing: \`npm run build\` first (npm test does)`)
    }
  }
  const pack = async (folder: string) => {
    const args = ['pack', '--ignore-scripts', '--json', '--pack-destination', workDir]
    const packed = await mustRun('npm', args, join(repoRoot, 'packages', folder))
    const [{ filename }] = JSON.parse(packed) as [{ filename: string }]
    return join(workDir, filename)
  }
  return { '@crdconv/webhook': await pack('webhook'), crdconv: await pack('crdconv') }
}

/**
 * What `npx crdconv init <dir> <initArgs>` writes, run from the packed CLI in a throwaway install
 * of its own, plus `extraFiles`; then `npm install` with our packages taken from the tarballs
 * (they are not on the registry), each kept in the dependency section init chose for it.
 */
export async function createInitProject(
  dir: string,
  tarballs: Tarballs,
  initArgs: readonly string[],
  extraFiles: Readonly<Record<string, string>>
): Promise<void> {
  const packages = Object.values(tarballs).flatMap((tarball) => ['--package', tarball])
  const exec = ['exec', '--yes', '--prefer-offline', ...packages, '--']
  await mustRun('npm', [...exec, 'crdconv', 'init', dir, ...initArgs], dirname(dir))
  for (const [path, text] of Object.entries(extraFiles)) writeFileSync(join(dir, path), text)
  const manifestPath = join(dir, 'package.json')
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, unknown>
  for (const [name, tarball] of Object.entries(tarballs)) {
    const section = (['dependencies', 'devDependencies'] as const)
      .map((key) => manifest[key] as Record<string, string> | undefined)
      .find((dependencies) => dependencies?.[name] !== undefined)
    if (section === undefined) throw new Error(`crdconv init's package.json lacks ${name}`)
    section[name] = `file:${tarball}`
  }
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`)
  await mustRun('npm', INSTALL, dir)
}

/**
 * A project `crdconv init` wrote for a CronTab (`example.com`, `v1beta1` and `v1`) at
 * `<workDir>/webhook`, installed with our packages packed into `workDir`: where the tests that
 * swap its `src/scheme.ts` start. Resolves with the project's directory.
 */
export async function createCronTabProject(workDir: string): Promise<string> {
  const project = join(workDir, 'webhook')
  const args = ['--group', 'example.com', '--kind', 'CronTab', '--versions', 'v1beta1,v1']
  await createInitProject(project, await packPackages(workDir), args, {})
  return project
}

/**
 * A project of plain JavaScript (`"type": "module"`, no TypeScript, no tooling) with `files`
 * that installs the packages in `install` (tarballs or registry specs).
 */
export async function createPlainProject(
  dir: string,
  install: readonly string[],
  files: Readonly<Record<string, string>>
): Promise<void> {
  mkdirSync(dir, { recursive: true })
  const manifest = { name: 'plain-consumer', private: true, type: 'module' }
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  for (const [path, text] of Object.entries(files)) writeFileSync(join(dir, path), text)
  await mustRun('npm', [...INSTALL, ...install], dir)
}

/** A dependency range our package.json gives `name`, for a consumer to install from the registry. */
export function declaredRange(folder: 'webhook' | 'crdconv', name: string): string {
  const manifest = JSON.parse(
    readFileSync(join(repoRoot, 'packages', folder, 'package.json'), 'utf8')
  ) as Record<string, Record<string, string> | undefined>
  const range = manifest['dependencies']?.[name] ?? manifest['devDependencies']?.[name]
  if (range === undefined) throw new Error(`packages/${folder}/package.json lacks ${name}`)
  return `${name}@${range}`
}

/** What `npm ls --omit=dev --all --parseable` lists: the project, then its production packages. */
export async function productionPackages(
  dir: string
): Promise<{ code: number; lines: string[]; names: string[] }> {
  const listed = await run('npm', ['ls', '--omit=dev', '--all', '--parseable'], dir)
  const lines = listed.stdout.split('\n').filter((line) => line !== '')
  const names = lines
    .filter((line) => line !== dir)
    .map((line) => line.split('/node_modules/').at(-1) ?? line)
  return { code: listed.code, lines, names }
}

/** The bytes of every file under `path`, symbolic links not followed (what `du -b` counts). */
export function installedBytes(path: string): number {
  return readdirSync(path, { recursive: true, encoding: 'utf8' }).reduce((sum, entry) => {
    const stat = lstatSync(join(path, entry))
    return stat.isFile() ? sum + stat.size : sum
  }, 0)
}

/**
 * Starts `npm start -- <args>` (or `command` with `args`) and resolves with the URL the server
 * reports on stderr.
 */
export function startServer(
  cwd: string,
  args: readonly string[],
  command: readonly string[] = ['npm', 'start', '--']
): Promise<{ url: string; stop: () => void }> {
  const [program = 'npm', ...before] = command
  const child: ChildProcess = spawn(program, [...before, ...args], {
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
      const match = /serving (https?:\/\/\S+)\/convert/.exec(output)
      if (match?.[1] !== undefined) resolveUrl({ url: match[1], stop })
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.once('exit', (code) =>
      reject(new Error(`${command.join(' ')} exited ${code}:\n${output}`))
    )
  })
}
