import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ServingCertificate } from '../../src/testing/test-api-server-certificates.ts'
import { smallRequest } from '../../src/testing/test-api-server-http.ts'
import {
  freePort,
  startProcess,
  waitUntil,
  type ManagedProcess,
} from '../../src/testing/test-api-server-processes.ts'

/** A conversion webhook running over TLS on loopback, as the API server reaches it. */
export interface RunningWebhook {
  /** The URL for the CRD's `clientConfig.url`. */
  readonly url: string
  readonly stop: () => Promise<void>
}

/** One way to run the webhook: the Node server, the Worker, the Lambda runner. */
export interface WebhookTarget {
  readonly name: string
  readonly start: (tls: ServingCertificate, scheme?: string) => Promise<RunningWebhook>
}

const CLI = join(import.meta.dirname, '../../bin/crdconv.js')

async function startCliServer(
  name: string,
  args: (port: number) => string[],
  tls: ServingCertificate,
  convertPath: string,
  script = CLI
): Promise<RunningWebhook> {
  const port = await freePort()
  // wrangler's telemetry would reach out to the network from every test run
  const env = { ...process.env, WRANGLER_SEND_METRICS: 'false' }
  const managed: ManagedProcess = startProcess(name, process.execPath, [script, ...args(port)], env)
  const origin = `https://127.0.0.1:${port}`
  const ca = readFileSync(tls.caCert, 'utf8')
  await waitUntil(
    managed,
    'HTTPS answer',
    async () => (await smallRequest(`${origin}/healthz`, { tls: { ca } })).status > 0,
    60_000
  )
  return { url: `${origin}${convertPath}`, stop: () => managed.stop() }
}

/** The listen options `crdconv serve` and `crdconv lambda-local` share. */
const listenWithTls = (port: number, tls: ServingCertificate) => [
  '--port',
  String(port),
  '--tls-cert',
  tls.cert,
  '--tls-key',
  tls.key,
]

/** `crdconv serve --tls-cert --tls-key`: the Node server. */
export const nodeServerTarget: WebhookTarget = {
  name: 'Node server over TLS',
  start: (tls, scheme) =>
    startCliServer(
      'crdconv serve',
      (port) => [
        'serve',
        ...listenWithTls(port, tls),
        ...(scheme === undefined ? [] : ['--scheme', scheme]),
      ],
      tls,
      '/convert'
    ),
}

/** `crdconv lambda-local --tls-cert --tls-key`: the Lambda handler behind a Function URL stand-in. */
export const lambdaTarget: WebhookTarget = {
  name: 'Lambda runner over TLS',
  start: (tls) =>
    startCliServer(
      'crdconv lambda-local',
      (port) => ['lambda-local', ...listenWithTls(port, tls)],
      tls,
      '/convert'
    ),
}

const WRANGLER = join(import.meta.dirname, '../../node_modules/wrangler/bin/wrangler.js')

/** `wrangler dev --local-protocol https` with our certificate: the Worker in local workerd. */
export const workerTarget: WebhookTarget = {
  name: 'Worker under wrangler dev over HTTPS',
  start: async (tls) => {
    const inspectorPort = await freePort()
    return startCliServer(
      'wrangler dev',
      (port) => [
        'dev',
        '--local-protocol',
        'https',
        '--https-key-path',
        tls.key,
        '--https-cert-path',
        tls.cert,
        '--ip',
        '127.0.0.1',
        '--port',
        String(port),
        '--inspector-port',
        String(inspectorPort),
        '--show-interactive-dev-session=false',
      ],
      tls,
      '/convert',
      WRANGLER
    )
  },
}
