// Projects the way users get them, from the packed tarballs of both packages: one that
// `crdconv init --from` wrote (the README's install path from a clone), and a plain one
// that installs the runtime alone. Our two packages come from the tarballs, the rest from the
// registry. The package tests use them, and the bench weighs a scaffold's Worker with them.
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { lstatSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
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

/** `npm install` as the tests run it: no audit or funding lines, the npm cache first. */
export const INSTALL = ['install', '--no-audit', '--no-fund', '--prefer-offline']

/** The folder `npm run pack` wrote, and the tarball of each of our packages in it, by name. */
export interface PackedPackages {
  readonly folder: string
  readonly '@crdconv/webhook': string
  readonly crdconv: string
}

/**
 * `npm run pack -- <workDir>/packed` in this repository, as the README tells a user to: both
 * packages built by their `prepack` and packed into one folder.
 */
export async function packPackages(workDir: string): Promise<PackedPackages> {
  const folder = join(workDir, 'packed')
  const printed = await mustRun('npm', ['run', '--silent', 'pack', '--', folder], repoRoot)
  const tarballs = printed.split('\n').filter((line) => line.endsWith('.tgz'))
  const named = (name: string) => {
    const tarball = tarballs.find((path) => basename(path) === name)
    if (tarball === undefined) throw new Error(`npm run pack printed no ${name}:\n${printed}`)
    return tarball
  }
  const { version } = JSON.parse(
    readFileSync(join(repoRoot, 'packages/crdconv/package.json'), 'utf8')
  ) as { version: string }
  return {
    folder,
    '@crdconv/webhook': named(`crdconv-webhook-${version}.tgz`),
    crdconv: named(`crdconv-${version}.tgz`),
  }
}

/** `npx crdconv init <dir> --from <packed> <initArgs>` in this repository, without the install. */
export async function initProject(
  dir: string,
  packed: PackedPackages,
  initArgs: readonly string[]
): Promise<void> {
  await mustRun('npx', ['crdconv', 'init', dir, '--from', packed.folder, ...initArgs], repoRoot)
}

/**
 * What the README's install path writes: `npx crdconv init <dir> --from <packed> <initArgs>` in
 * this repository, plus `extraFiles`; then `npm install` in the project, which takes our packages
 * from the tarballs by the `file:` references init wrote and the rest from the registry.
 */
export async function createInitProject(
  dir: string,
  packed: PackedPackages,
  initArgs: readonly string[],
  extraFiles: Readonly<Record<string, string>>
): Promise<void> {
  await initProject(dir, packed, initArgs)
  for (const [path, text] of Object.entries(extraFiles)) writeFileSync(join(dir, path), text)
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
 * Starts `npm start -- <args>` (or `command` with `args`) as a user does, with nothing added to
 * the environment, and resolves with the URL the server reports on stderr (without the token).
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
