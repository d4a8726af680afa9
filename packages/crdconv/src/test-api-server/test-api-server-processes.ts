import { spawn, type ChildProcess } from 'node:child_process'
import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A child process with the tail of its output kept for error messages. */
export interface ManagedProcess {
  readonly name: string
  readonly child: ChildProcess
  /** The last lines it printed (stdout and stderr), for a start-up failure's message. */
  readonly tail: () => string
  /** Whether it has exited, and how. */
  readonly exited: () => string | undefined
  /** Resolves once it has exited, with how (`exit code 1`, `signal SIGKILL`); never rejects. */
  readonly ended: Promise<string>
  /** Whether `stop()` was called: an exit before that is the process's own doing. */
  readonly stopRequested: () => boolean
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once it is gone. */
  readonly stop: (graceMs?: number) => Promise<void>
}

const TAIL_LINES = 30
const running = new Set<ManagedProcess>()
const directories = new Set<string>()
let exitHookInstalled = false

/**
 * Kills whatever is still running and removes the data directories when the test process exits,
 * even after a crash or a failed test that never reached its `stop()`.
 */
function installExitHook(): void {
  if (exitHookInstalled) return
  exitHookInstalled = true
  process.once('exit', () => {
    for (const managed of running) managed.child.kill('SIGKILL')
    for (const directory of directories) rmSync(directory, { recursive: true, force: true })
  })
}

/** Removes `directory` when the process exits, unless `forget` is called first. */
export function removeOnExit(directory: string): { forget: () => void } {
  installExitHook()
  directories.add(directory)
  return { forget: () => void directories.delete(directory) }
}

// Under vitest, each worker takes ports from a block of its own below the kernel's ephemeral
// range (32768 and up on Linux): test files running side by side, and outgoing connections, can
// then never take a port between the check and its server's listen.
const WORKER_PORTS = 1_500
const FIRST_WORKER_PORT = 20_000
const poolId = Number(process.env['VITEST_POOL_ID'])
let nextWorkerPort = 0

/** A TCP port nobody listens on right now, on any address. */
export async function freePort(): Promise<number> {
  if (Number.isInteger(poolId) && poolId >= 1 && poolId <= 8) {
    const first = FIRST_WORKER_PORT + (poolId - 1) * WORKER_PORTS
    for (let tried = 0; tried < WORKER_PORTS; tried++) {
      const port = first + (nextWorkerPort++ % WORKER_PORTS)
      if (claimPort(port) && (await listenOnce(port)) !== undefined) return port
    }
  }
  const port = await listenOnce(0)
  if (port === undefined) throw new Error('no free TCP port')
  return port
}

// Two test runs side by side (a second `npm test`, another checkout) have workers with the same
// VITEST_POOL_ID, so the same port block: a port is claimed by a file naming the process that
// took it, and a claim is void once that process is gone. (crdconv's own test runs give each run
// a TMPDIR of its own and name the machine's in CRDCONV_MACHINE_TMPDIR.)
const PORT_CLAIMS = join(process.env['CRDCONV_MACHINE_TMPDIR'] ?? tmpdir(), 'crdconv-port-claims')

/** Whether `port` is this process's to use: unclaimed, claimed by it, or by a process now gone. */
function claimPort(port: number): boolean {
  const claim = join(PORT_CLAIMS, String(port))
  mkdirSync(PORT_CLAIMS, { recursive: true })
  if (createClaim(claim)) return true
  let owner: number
  try {
    owner = Number(readFileSync(claim, 'utf8'))
  } catch {
    return createClaim(claim)
  }
  // an empty file is a claim being written
  if (owner === process.pid) return true
  if (!Number.isInteger(owner) || owner <= 0 || processAlive(owner)) return false
  rmSync(claim, { force: true })
  return createClaim(claim)
}

function createClaim(claim: string): boolean {
  try {
    writeFileSync(claim, String(process.pid), { flag: 'wx' })
    return true
  } catch {
    return false
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Whether nothing listens on `port` right now, on any address: a port a user chose, checked before
 * a server is started on it, so that a taken one is named rather than found in a process's output.
 *
 * @example
 * ```ts
 * if (!(await portIsFree(6443))) throw new Error('port 6443 is taken')
 * ```
 */
export async function portIsFree(port: number): Promise<boolean> {
  return (await listenOnce(port)) !== undefined
}

/** The port a listener on every address got (`0`: any), closed again; `undefined` if taken. */
function listenOnce(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const server = createServer()
    server.unref()
    server.once('error', () => resolve(undefined))
    server.listen(port, '0.0.0.0', () => {
      const address = server.address()
      const bound = typeof address === 'object' && address !== null ? address.port : undefined
      server.close(() => resolve(bound))
    })
  })
}

/**
 * Starts `binary` with `args`; its output is kept (a short tail) rather than printed, and also
 * written whole to `logFile` (created readable by this user only) when one is given, each chunk
 * as it arrives.
 */
export function startProcess(
  name: string,
  binary: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
  logFile?: string
): ManagedProcess {
  installExitHook()
  const child = spawn(binary, [...args], { stdio: ['ignore', 'pipe', 'pipe'], env })
  const log = logFile === undefined ? undefined : openSync(logFile, 'a', 0o600)
  const lines: string[] = []
  const keep = (chunk: Buffer) => {
    if (logOpen && log !== undefined) writeSync(log, chunk)
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean))
    if (lines.length > TAIL_LINES) lines.splice(0, lines.length - TAIL_LINES)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  let logOpen = log !== undefined
  const closeLog = () => {
    if (logOpen && log !== undefined) closeSync(log)
    logOpen = false
  }
  child.once('close', closeLog)
  let exit: string | undefined
  let spawnError: Error | undefined
  let stopRequested = false
  const gone = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => {
      exit = signal === null ? `exit code ${code}` : `signal ${signal}`
      resolve(exit)
    })
    child.once('error', (error) => {
      closeLog()
      spawnError = error
      exit = `could not start: ${error.message}`
      resolve(exit)
    })
  })
  const managed: ManagedProcess = {
    name,
    child,
    tail: () => lines.join('\n'),
    exited: () => exit ?? spawnError?.message,
    ended: gone,
    stopRequested: () => stopRequested,
    stop: async (graceMs = 5_000) => {
      stopRequested = true
      if (exit === undefined) {
        child.kill('SIGTERM')
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
        await gone
        clearTimeout(timer)
      }
      running.delete(managed)
    },
  }
  running.add(managed)
  void gone.then(() => running.delete(managed))
  return managed
}

/**
 * Polls `check` until it answers true; throws with the process's tail when the process exits or
 * `timeoutMs` passes first.
 */
export async function waitUntil(
  managed: ManagedProcess,
  what: string,
  check: () => Promise<boolean>,
  timeoutMs: number
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const exit = managed.exited()
    if (exit !== undefined) {
      throw new Error(`${managed.name} stopped (${exit}) before ${what}:\n${managed.tail()}`)
    }
    if (await check().catch(() => false)) return
    if (Date.now() > deadline) {
      throw new Error(
        `${managed.name}: no ${what} after ${timeoutMs / 1000} s; its last output:\n${managed.tail()}`
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}
