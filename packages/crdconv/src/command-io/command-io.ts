import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { UsageError } from './usage-error.ts'

/** Where a command reads and writes: the process in real use, buffers in tests. */
export interface CliIo {
  readonly stdout: (text: string) => void
  readonly stderr: (text: string) => void
  readonly readStdin: () => Promise<string>
  /** Directory that relative paths (`-f`, `--scheme`, `--ca-bundle`) start from. */
  readonly cwd: string
}

export const processIo: CliIo = {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
  readStdin: async () => {
    const chunks: Buffer[] = []
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
    return Buffer.concat(chunks).toString('utf8')
  },
  cwd: process.cwd(),
}

/** The text of `file`, or of stdin for `-`; a missing file is a usage error. */
export async function readInput(io: CliIo, file: string): Promise<string> {
  if (file === '-') return io.readStdin()
  try {
    return await readFile(resolve(io.cwd, file), 'utf8')
  } catch (error) {
    throw new UsageError('file-unreadable', `cannot read ${file}: ${describeError(error)}`)
  }
}

export function warn(io: CliIo, message: string): void {
  io.stderr(`crdconv: warning: ${message}\n`)
}

export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code
    return code === 'ENOENT' ? 'no such file' : error.message
  }
  return String(error)
}

/** The PEM text of a `--ca-bundle` file; one without a certificate is a usage error. */
export async function readCaBundle(io: CliIo, file: string): Promise<string> {
  let pem: string
  try {
    pem = await readFile(resolve(io.cwd, file), 'utf8')
  } catch (error) {
    throw new UsageError(
      'file-unreadable',
      `cannot read --ca-bundle ${file}: ${describeError(error)}`
    )
  }
  if (!pem.includes('-----BEGIN CERTIFICATE-----')) {
    throw new UsageError(
      'input-invalid',
      `--ca-bundle ${file} holds no PEM certificate (-----BEGIN CERTIFICATE-----)`
    )
  }
  return pem
}

/** Exit codes every command shares. */
export const EXIT = { ok: 0, problem: 1, usage: 2 } as const
