import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { join } from 'node:path'
import type { DocProject } from './doc-project.ts'

/**
 * The servers a block may start or call, by the port the docs give them: `npm start` (8787) and
 * `npm run lambda:local` (9000). A block that starts one (`npm start`, `crdconv serve`, ...) has
 * it started in the background and waited for; a block that only calls its address runs against
 * one the test starts. Either way the server gets a free port and the block's addresses follow.
 */
const KNOWN_SERVERS = [
  {
    port: 8787,
    script: 'start',
    commands: [/^npm start\b/, /^npm run start\b/, /^crdconv serve\b/],
  },
  {
    port: 9000,
    script: 'lambda:local',
    commands: [/^npm run lambda:local\b/, /^crdconv lambda-local\b/],
  },
] as const

const ADDRESS = /\b(?:127\.0\.0\.1|localhost):(\d{2,5})\b/g

export interface ShResult {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
  /** The script as run, after the port changes. */
  readonly script: string
}

/** Runs a `sh` block with bash in the project (`set -euo pipefail`), servers included. */
export async function runShBlock(project: DocProject, code: string): Promise<ShResult> {
  const script = await prepareScript(code)
  const child = spawn('bash', ['-c', `${PRELUDE}\n${script}`], {
    cwd: project.dir,
    detached: true,
    env: {
      ...process.env,
      PATH: `${project.binDir}:${process.env['PATH'] ?? ''}`,
      KUBECONFIG: join(project.dir, '.docs-no-cluster'),
      NO_COLOR: '1',
      FORCE_COLOR: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const code_ = await new Promise<number | null>((resolve) => child.on('close', resolve))
  try {
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM') // servers the block left running
  } catch {
    // the group is gone already
  }
  return { code: code_, stdout, stderr, script }
}

// Servers log to files, so their output never holds the block's pipes open.
const PRELUDE = `set -euo pipefail
__docs_serve() {
  local scheme=$1 port=$2; shift 2
  "$@" >".docs-server-$port.log" 2>&1 &
  local pid=$!
  for _ in $(seq 1 600); do
    if curl -skf -o /dev/null "$scheme://127.0.0.1:$port/healthz"; then return 0; fi
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.05
  done
  echo "docs test: the server of '$*' did not answer on port $port:" >&2
  cat ".docs-server-$port.log" >&2
  return 1
}`

async function prepareScript(code: string): Promise<string> {
  const lines = joinContinuations(code)
  const ports = new Map<number, number>()
  const portFor = async (port: number) => {
    const known = ports.get(port)
    if (known !== undefined) return known
    const free = await freePort()
    ports.set(port, free)
    return free
  }
  const starts: string[] = []
  const out: string[] = []
  for (const line of lines) {
    const rewritten: string[] = []
    for (const segment of line.split(/\s+&&\s+/)) {
      const server = serverOf(segment.trim())
      rewritten.push(server === undefined ? segment : await launch(segment.trim(), server, portFor))
    }
    out.push(rewritten.join(' && '))
  }
  // addresses of known servers that the block calls without starting them
  for (const match of code.matchAll(ADDRESS)) {
    const port = Number(match[1])
    const server = KNOWN_SERVERS.find((known) => known.port === port)
    if (server === undefined || ports.has(port)) continue
    const free = await portFor(port)
    starts.push(`__docs_serve http ${free} ${npmRun(server.script)} --port ${free}`)
  }
  const body = [...starts, ...out].join('\n')
  return body.replace(ADDRESS, (text, port: string) => {
    const mapped = ports.get(Number(port))
    return mapped === undefined ? text : `127.0.0.1:${mapped}`
  })
}

type KnownServer = (typeof KNOWN_SERVERS)[number] & { readonly command: RegExp }

/** The server command as `__docs_serve` runs it: in the background, on a free port. */
async function launch(
  segment: string,
  server: KnownServer,
  portFor: (port: number) => Promise<number>
): Promise<string> {
  const args = argsAfter(segment, server.command)
  const explicit = /--port[ =](\d+)/.exec(args)
  const port = await portFor(explicit === null ? server.port : Number(explicit[1]))
  const portArgs =
    explicit === null ? `${args} --port ${port}` : args.replace(/--port[ =]\d+/, `--port ${port}`)
  const scheme = /--tls-cert\b/.test(args) ? 'https' : 'http'
  const command = server.command.source.startsWith('^npm')
    ? npmRun(server.script)
    : (server.command.exec(segment.replace(/^npx\s+/, ''))?.[0] ?? '')
  return `__docs_serve ${scheme} ${port} ${command} ${portArgs}`
}

function serverOf(segment: string): KnownServer | undefined {
  const bare = segment.replace(/^npx\s+/, '')
  for (const server of KNOWN_SERVERS) {
    const command = server.commands.find((pattern) => pattern.test(bare))
    if (command !== undefined) return { ...server, command }
  }
  return undefined
}

/** The arguments after the server command, without `--` and a trailing comment. */
function argsAfter(segment: string, command: RegExp): string {
  const bare = segment
    .replace(/^npx\s+/, '')
    .replace(/\s+#.*$/, '')
    .replace(/\s*&$/, '')
  return bare
    .replace(command, '')
    .replace(/^\s*--(\s|$)/, '')
    .trim()
}

function joinContinuations(code: string): string[] {
  return code.replace(/\\\n/g, ' ').split('\n')
}

/** The package script, through npm, whatever it becomes (a build step first, say). */
function npmRun(script: string): string {
  return `npm run --silent ${script} --`
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address !== null ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}
