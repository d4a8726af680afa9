import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { expectNoTokenIn, tokensInPlay } from '../../support/token-leaks.ts'

const bin = fileURLToPath(new URL('../../../packages/crdconv/bin/crdconv.js', import.meta.url))

// servers these tests start answer /convert without a token unless a test gives one
const OPEN_WITHOUT_TOKEN = { ...process.env, CONVERT_ALLOW_UNAUTHENTICATED: 'true' }

/** Where a command runs: its directory, and variables over its environment. */
export interface ServingPlace {
  readonly cwd?: string
  readonly env?: Readonly<Record<string, string>>
}

/**
 * Runs the built `crdconv <args>` until its stderr matches `announced` (whose first group is the
 * server's URL), hands that URL and its stderr so far to `use`, and stops the process afterwards;
 * throws when its stderr showed a path token.
 */
export async function whileServing(
  args: readonly string[],
  announced: RegExp,
  use: (url: string, stderr: string) => Promise<void>,
  place: ServingPlace = {}
): Promise<void> {
  const cwd = place.cwd ?? process.cwd()
  const env = { ...OPEN_WITHOUT_TOKEN, ...place.env }
  const child = spawn(process.execPath, [bin, ...args], {
    cwd,
    stdio: ['ignore', 'ignore', 'pipe'],
    env,
  })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk))
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.stderr.on('data', () => {
        const match = announced.exec(stderr)
        if (match?.[1]) resolve(match[1])
      })
      child.once('exit', (code) => reject(new Error(`exited with ${code}: ${stderr}`)))
    })
    await use(url, stderr)
  } finally {
    child.kill('SIGTERM')
    if (child.exitCode === null) await once(child, 'exit')
  }
  expectNoTokenIn(args[0], { stdout: '', stderr }, tokensInPlay(args, cwd, env))
}

/** Runs the built `crdconv <args>` to its exit: its exit code and stderr (which shows no token). */
export async function runToExit(
  args: readonly string[],
  place: ServingPlace = {}
): Promise<{ code: number; stderr: string }> {
  const cwd = place.cwd ?? process.cwd()
  const env = { ...process.env, ...place.env }
  const child = spawn(process.execPath, [bin, ...args], {
    cwd,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk))
  const [code] = (await once(child, 'exit')) as [number]
  expectNoTokenIn(args[0], { stdout: '', stderr }, tokensInPlay(args, cwd, env))
  return { code, stderr }
}
