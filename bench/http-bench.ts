import autocannon from 'autocannon'
import { fork } from 'node:child_process'
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { bundleForNode, descendants, processCpuMs, repoRoot, round } from './bench-support.ts'
import { writeSelfSignedCertificate } from '../test/support/self-signed-certificate.ts'
import { cronTabReviewBody } from './crontab-review.ts'

export interface HttpResult {
  readonly server: string
  readonly objects: number
  readonly connections: number
  readonly seconds: number
  readonly requests: number
  readonly requestsPerSecond: number
  readonly p50Ms: number
  readonly p99Ms: number
  /** CPU time of the server process(es) during the run divided by the requests answered. */
  readonly serverCpuMsPerRequest: number | null
  readonly errors: number
}

interface RunningTarget {
  readonly name: string
  readonly url: string
  /** Processes whose CPU time counts as the server's. */
  readonly pids: () => number[]
  stop(): Promise<void>
}

/** Loads per review size: enough connections to keep the server busy on two shared cores. */
const LOADS = [
  { objects: 1, connections: 8, seconds: 5 },
  { objects: 1000, connections: 4, seconds: 5 },
] as const

/**
 * Loads each server over loopback with autocannon: the Node server over HTTP and HTTPS (a
 * self-signed certificate made with the openssl CLI) and the Worker in workerd (miniflare, as
 * `wrangler dev` runs it, serving wrangler's own dry-run bundle).
 */
export async function benchHttp(workDir: string, workerScript: string): Promise<HttpResult[]> {
  const serverChild = join(workDir, 'node-server-child.mjs')
  await bundleForNode(join(repoRoot, 'bench/children/node-server-child.ts'), serverChild)
  const { cert, key } = writeSelfSignedCertificate(workDir)
  const starters = [
    () => startNodeServer('Node HTTP', serverChild, []),
    () => startNodeServer('Node HTTPS', serverChild, [cert, key]),
    () => startWorker(workerScript),
  ]
  const results: HttpResult[] = []
  for (const start of starters) {
    const target = await start()
    // interrupted: stop the server first, so no workerd or Node server outlives the bench
    const stopAndExit = () => void target.stop().finally(() => process.exit(130))
    process.once('SIGINT', stopAndExit)
    process.once('SIGTERM', stopAndExit)
    try {
      for (const load of LOADS) {
        const body = cronTabReviewBody(load.objects)
        await expectConverted(target.url, body, load.objects)
        await loadTest(target.url, body, load.connections, 1) // warm-up, not counted
        const cpuBefore = sumCpu(target.pids())
        const result = await loadTest(target.url, body, load.connections, load.seconds)
        const cpuAfter = sumCpu(target.pids())
        const answered = result.requests.total
        results.push({
          server: target.name,
          objects: load.objects,
          connections: load.connections,
          seconds: load.seconds,
          requests: answered,
          requestsPerSecond: round(answered / load.seconds, 0),
          p50Ms: result.latency.p50,
          p99Ms: result.latency.p99,
          serverCpuMsPerRequest:
            cpuBefore === undefined || cpuAfter === undefined || answered === 0
              ? null
              : round((cpuAfter - cpuBefore) / answered, 3),
          errors: result.errors + result.timeouts + result.non2xx,
        })
      }
    } finally {
      process.off('SIGINT', stopAndExit)
      process.off('SIGTERM', stopAndExit)
      await target.stop()
    }
  }
  return results
}

function loadTest(url: string, body: string, connections: number, seconds: number) {
  return autocannon({
    url: `${url}/convert`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    connections,
    duration: seconds,
  })
}

function sumCpu(pids: number[]): number | undefined {
  let total = 0
  for (const pid of pids) {
    const cpu = processCpuMs(pid)
    if (cpu === undefined) return undefined
    total += cpu
  }
  return pids.length === 0 ? undefined : total
}

function startNodeServer(name: string, script: string, args: string[]): Promise<RunningTarget> {
  // a plain node process: not the TypeScript loader the bench itself runs under
  const child = fork(script, args, { execArgv: [], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] })
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill()
      reject(new Error(`${name} did not start within 20 s`))
    }, 20_000)
    child.once('error', reject)
    child.once('message', (message) => {
      clearTimeout(timer)
      const url = (message as { url: string }).url
      resolve({
        name,
        url,
        pids: () => (child.pid === undefined ? [] : [child.pid]),
        stop: () =>
          new Promise((done) => {
            child.once('exit', () => done())
            child.kill()
          }),
      })
    })
  })
}

/** The part of miniflare's API the bench uses. */
interface MiniflareInstance {
  readonly ready: Promise<URL>
  dispose(): Promise<void>
}
type MiniflareConstructor = new (options: Record<string, unknown>) => MiniflareInstance

/** The Worker in workerd through the miniflare that wrangler itself depends on. */
async function startWorker(script: string): Promise<RunningTarget> {
  const fromWrangler = createRequire(
    createRequire(import.meta.url).resolve('wrangler/package.json')
  )
  const { Miniflare } = (await import(pathToFileURL(fromWrangler.resolve('miniflare')).href)) as {
    Miniflare: MiniflareConstructor
  }
  const miniflare = new Miniflare({
    modules: true,
    scriptPath: script,
    modulesRoot: dirname(script),
    compatibilityDate: '2025-09-01',
    host: '127.0.0.1',
    port: 0,
    cf: false,
    // the one log line per review goes nowhere, as the Node server's stdout does here
    handleRuntimeStdio: (stdout: NodeJS.ReadableStream, stderr: NodeJS.ReadableStream) => {
      stdout.resume()
      stderr.resume()
    },
  })
  const url = (await miniflare.ready).origin
  return {
    name: 'Worker (workerd)',
    url,
    pids: () =>
      descendants(process.pid)
        .filter((process) => process.name === 'workerd')
        .map((process) => process.pid),
    stop: () => miniflare.dispose(),
  }
}

/** One review first, so a server that answers wrongly fails the bench instead of scoring. */
function expectConverted(url: string, body: string, objects: number): Promise<void> {
  const target = new URL('/convert', url)
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise((resolve, reject) => {
    const outgoing = request(
      target,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        rejectUnauthorized: false,
      },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('end', () => {
          const answer = JSON.parse(text) as {
            response?: { result?: { status?: string }; convertedObjects?: unknown[] }
          }
          const converted = answer.response?.convertedObjects?.length
          if (answer.response?.result?.status === 'Success' && converted === objects) resolve()
          else reject(new Error(`${url} did not convert the bench review: ${text.slice(0, 300)}`))
        })
      }
    )
    outgoing.on('error', reject)
    outgoing.end(body)
  })
}
