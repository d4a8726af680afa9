// `crdconv dev` run as a user runs it: the built bin as a child process, its output collected,
// waited on by pattern (never by time), and stopped by a real signal.
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect } from 'vitest'

const repository = resolve(import.meta.dirname, '../../..')
export const BIN = resolve(repository, 'packages/crdconv/bin/crdconv.js')

/**
 * A hook that builds the packages and runs `crdconv init`: the build waits on another run's build
 * lock (`scripts/build-package.mjs`), and both took over 120 s at a load average of 40.
 */
export const BUILD_AND_INIT_MS = 600_000

/** The bin runs the packages' dist/: built once per file (a no-op when it is current). */
export async function buildPackages(): Promise<void> {
  await promisify(execFile)(process.execPath, [
    resolve(repository, 'scripts/build-package.mjs'),
    'webhook',
    'crdconv',
  ])
}

/** A project as `crdconv init` writes it (CronTab, v1beta1 stored, v1 new), its packages linked. */
export async function initProject(): Promise<string> {
  const parent = mkdtempSync(join(tmpdir(), 'crdconv-dev-'))
  const flags = ['--group', 'example.com', '--kind', 'CronTab', '--versions', 'v1beta1,v1']
  await promisify(execFile)(
    process.execPath,
    [BIN, 'init', 'webhook', ...flags, '--storage', 'v1beta1'],
    { cwd: parent }
  )
  const project = join(parent, 'webhook')
  symlinkSync(join(repository, 'node_modules'), join(project, 'node_modules'))
  return project
}

/**
 * A `crdconv init` project for the suite it is called in (the packages built first), removed
 * after it: the getter gives its folder once the suite's `beforeAll` has run.
 */
export function projectForSuite(): () => string {
  let project: string | undefined
  beforeAll(async () => {
    await buildPackages()
    project = await initProject()
  }, BUILD_AND_INIT_MS)
  afterAll(() => {
    if (project !== undefined) rmSync(resolve(project, '..'), { recursive: true, force: true })
  })
  return () => {
    if (project === undefined) throw new Error('the suite’s project is made in its beforeAll')
    return project
  }
}

/** The ports a session printed it listens on: kube-apiserver's, etcd's and the webhook's. */
export function sessionPorts(stderr: string): number[] {
  return [
    /kube-apiserver \S+ at https:\/\/127\.0\.0\.1:(\d+), etcd at http:\/\/127\.0\.0\.1:(\d+)/,
    /webhook at https:\/\/127\.0\.0\.1:(\d+)\/convert\/<redacted>/,
  ].flatMap((pattern) => (pattern.exec(stderr) ?? []).slice(1).map(Number))
}

/** A running `crdconv dev`: its output so far, and ways to wait on it and end it. */
export interface DevProcess {
  readonly child: ChildProcess
  readonly stdout: () => string
  readonly stderr: () => string
  /**
   * Resolves with the first match of `pattern` in stderr past `from` (a length of `stderr()`
   * taken before the action awaited); throws when the process exits first or `timeoutMs` passes.
   */
  readonly waitFor: (pattern: RegExp, from?: number, timeoutMs?: number) => Promise<RegExpExecArray>
  /** The `export KUBECONFIG=…` line's file, once it is printed. */
  readonly kubeconfig: () => Promise<string>
  /** Resolves with the exit code (or signal) once the process has ended. */
  readonly exited: Promise<number | NodeJS.Signals>
}

/** Starts `crdconv dev <args>` in `cwd` with `env` over this process's environment. */
export function startDev(
  args: readonly string[],
  cwd: string,
  env: Readonly<Record<string, string>>
): DevProcess {
  const child = spawn(process.execPath, [BIN, 'dev', ...args], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')))
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
  const exited = once(child, 'exit').then(
    ([code, signal]) => (code ?? signal) as number | NodeJS.Signals
  )
  let gone = false
  void exited.then(() => (gone = true))
  const poll = async <T>(what: string, found: () => T | undefined, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const value = found()
      if (value !== undefined) return value
      if (gone) throw new Error(`crdconv dev exited before ${what}:\n${stderr}`)
      if (Date.now() > deadline) throw new Error(`no ${what} in ${timeoutMs / 1000} s:\n${stderr}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    waitFor: (pattern, from = 0, timeoutMs = 120_000) =>
      poll(String(pattern), () => pattern.exec(stderr.slice(from)) ?? undefined, timeoutMs),
    kubeconfig: () =>
      poll('export KUBECONFIG line', () => /^export KUBECONFIG=(.+)$/m.exec(stdout)?.[1], 180_000),
  }
}

/** The processes whose parent is `pid` (etcd, kube-apiserver, tsx's esbuild), from `ps`. */
export async function childProcesses(pid: number): Promise<number[]> {
  const { stdout } = await promisify(execFile)('ps', ['-o', 'pid=', '--ppid', String(pid)]).catch(
    (error: { stdout?: string }) => ({ stdout: error.stdout ?? '' })
  )
  return stdout
    .split('\n')
    .map(Number)
    .filter((child) => child > 0)
}

/** Whether a process of that id still runs (a zombie left unreaped counts as gone). */
export function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch {
    return false
  }
  return !/^\S+ \(.*\) Z/.test(readStat(pid))
}

function readStat(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8')
  } catch {
    return ''
  }
}

/** Whether a server can listen on `port` of 127.0.0.1 again: what a stopped session must allow. */
export async function canListenOn(port: number): Promise<boolean> {
  const server = createServer()
  return new Promise((resolve) => {
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}

/**
 * What a stopped session must leave: none of the processes it started running, each of its ports
 * free and its kubeconfig removed.
 */
export async function expectNothingLeft(
  children: readonly number[],
  ports: readonly number[],
  kubeconfig: string
): Promise<void> {
  expect(children.filter(processRuns)).toEqual([])
  for (const port of ports) expect(await canListenOn(port), `port ${port}`).toBe(true)
  expect(existsSync(kubeconfig)).toBe(false)
}
