import { runCli } from '../../../packages/crdconv/src/cli/main.ts'

export interface CliRun {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
}

/** Runs `crdconv <argv>` in-process with captured output, relative paths from `cwd`. */
export async function crdconv(
  argv: readonly string[],
  options: { stdin?: string; cwd?: string } = {}
): Promise<CliRun> {
  let stdout = ''
  let stderr = ''
  const code = await runCli(argv, {
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    readStdin: async () => options.stdin ?? '',
    cwd: options.cwd ?? process.cwd(),
  })
  return { code, stdout, stderr }
}
