// The Go conversion webhook of tools/conversion-webhook (controller-runtime, Pool v1alpha1 ↔
// v1beta1): built once per machine by its script, started here over TLS on loopback.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { requestText } from '../../packages/crdconv/src/http-client/index.ts'
import { prometheusSamples } from '../../packages/crdconv/src/webhook-health/prometheus-samples.ts'
import { freePort } from '../../packages/crdconv/src/test-api-server/test-api-server-processes.ts'
import type { ServingCertificate } from '../../packages/crdconv/src/test-api-server/test-api-server-certificates.ts'

const repository = resolve(import.meta.dirname, '../..')

/**
 * `pool-webhook`, from tools/conversion-webhook/build.sh (a no-op once built; the first build
 * takes minutes, which .ci/run does before the tests), or why it is not here.
 */
export function poolWebhookBinary(): { path: string } | { skip: string } {
  const built = spawnSync('bash', [join(repository, 'tools/conversion-webhook/build.sh')], {
    encoding: 'utf8',
    timeout: 900_000,
  })
  const path = built.stdout.trim().split('\n').at(-1)
  if (built.status !== 0 || path === undefined || path === '') {
    return {
      skip: `tools/conversion-webhook/build.sh failed (it needs Go): ${built.stderr.slice(-300)}`,
    }
  }
  return { path }
}

export interface RunningPoolWebhook {
  readonly port: number
  /** `https://HOST:PORT/convert` */
  readonly url: string
  /**
   * The conversion requests it has answered since it started, from its own /metrics
   * (controller-runtime's `controller_runtime_webhook_requests_total{webhook="/convert"}`).
   */
  reviews(): Promise<number>
  stop(): Promise<void>
}

/**
 * Starts the Go webhook with `tls` (its certificate and key copied as tls.crt and tls.key into a
 * cert dir of its own) on `host` (loopback by default), and waits until it answers on /convert.
 */
export async function startPoolWebhook(
  binary: string,
  tls: ServingCertificate,
  options: { dropStatusMessage?: boolean; port?: number; host?: string } = {}
): Promise<RunningPoolWebhook> {
  const certDir = mkdtempSync(join(tmpdir(), 'pool-webhook-'))
  copyFileSync(tls.cert, join(certDir, 'tls.crt'))
  copyFileSync(tls.key, join(certDir, 'tls.key'))
  const port = options.port ?? (await freePort())
  const host = options.host ?? '127.0.0.1'
  const args = ['--cert-dir', certDir, '--host', host, '--port', String(port)]
  if (options.dropStatusMessage === true) args.push('--drop-status-message')
  const child = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr?.on(
    'data',
    (chunk: Buffer) => void (stderr = (stderr + chunk.toString()).slice(-2000))
  )
  const url = `https://${host}:${port}/convert`
  const ca = readFileSync(tls.caCert, 'utf8')
  await waitUntilAnswering(url, ca, child, () => stderr)
  const reviews = async () => {
    const metrics = await requestText(`https://${host}:${port}/metrics`, {
      method: 'GET',
      ca,
      servername: 'localhost',
      timeoutMs: 30_000,
      timeoutMessage: `pool-webhook: no answer on /metrics in 30 s`,
    })
    return prometheusSamples(metrics.body)
      .filter(
        (sample) =>
          sample.name === 'controller_runtime_webhook_requests_total' &&
          sample.labels['webhook'] === '/convert'
      )
      .reduce((sum, sample) => sum + sample.value, 0)
  }
  return { port, url, reviews, stop: () => stopChild(child) }
}

async function waitUntilAnswering(
  url: string,
  ca: string,
  child: ChildProcess,
  stderr: () => string
): Promise<void> {
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`pool-webhook exited: ${stderr()}`)
    try {
      // the certificate names localhost: the same check on any address the webhook listens on
      await requestText(url, {
        method: 'GET',
        ca,
        servername: 'localhost',
        timeoutMs: 5_000,
        timeoutMessage: 'no answer',
      })
      return
    } catch (error) {
      if (Date.now() > deadline)
        throw new Error(`pool-webhook never answered on ${url}: ${String(error)} ${stderr()}`)
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}
