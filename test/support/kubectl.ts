import { spawn } from 'node:child_process'

export interface KubectlRun {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
}

/** Runs `kubectl --kubeconfig FILE ...args`, feeding `input` to stdin; never throws on exit code. */
export async function kubectl(
  kubeconfig: string,
  args: readonly string[],
  input?: string
): Promise<KubectlRun> {
  return new Promise((resolve, reject) => {
    const child = spawn('kubectl', ['--kubeconfig', kubeconfig, ...args], {
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }))
    child.stdin.end(input)
  })
}

/** Like `kubectl`, but a non-zero exit throws with kubectl's message. */
export async function kubectlOk(
  kubeconfig: string,
  args: readonly string[],
  input?: string
): Promise<string> {
  const run = await kubectl(kubeconfig, args, input)
  if (run.code !== 0) throw new Error(`kubectl ${args.join(' ')} failed: ${run.stderr}`)
  return run.stdout
}
