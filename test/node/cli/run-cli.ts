import { runCli } from '../../../packages/crdconv/src/cli/main.ts'
import { expectNoTokenIn, tokensInPlay } from '../../support/token-leaks.ts'

export interface CliRun {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
}

/**
 * Runs `crdconv <argv>` in-process with captured output, relative paths from `cwd`; throws when
 * the output shows a path token (test/support/token-leaks.ts).
 */
export async function crdconv(
  argv: readonly string[],
  options: { stdin?: string; cwd?: string } = {}
): Promise<CliRun> {
  let stdout = ''
  let stderr = ''
  const cwd = options.cwd ?? process.cwd()
  const tokens = tokensInPlay(argv, cwd)
  const code = await runCli(argv, {
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    readStdin: async () => options.stdin ?? '',
    cwd,
  })
  expectNoTokenIn(argv[0], { stdout, stderr }, tokens)
  return { code, stdout, stderr }
}
