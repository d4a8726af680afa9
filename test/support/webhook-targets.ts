import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { ServingCertificate } from '../../packages/crdconv/src/test-api-server/test-api-server-certificates.ts'
import { smallRequest } from '../../packages/crdconv/src/test-api-server/test-api-server-http.ts'
import {
  freePort,
  startProcess,
  waitUntil,
  type ManagedProcess,
} from '../../packages/crdconv/src/test-api-server/test-api-server-processes.ts'

/** A conversion webhook running over TLS on loopback, as the API server reaches it. */
export interface RunningWebhook {
  /** The URL for the CRD's `clientConfig.url`. */
  readonly url: string
  readonly stop: () => Promise<void>
}

/** One way to run the webhook: the Node server, the Worker, the Lambda runner. */
export interface WebhookTarget {
  readonly name: string
  /** Why it cannot run on this machine, if it cannot. */
  readonly skip?: string
  /** Serves `scheme` (a module as `crdconv serve --scheme` takes it), else the built-in example. */
  readonly start: (tls: ServingCertificate, scheme?: string) => Promise<RunningWebhook>
}

const CLI = join(import.meta.dirname, '../../packages/crdconv/bin/crdconv.js')

async function startCliServer(
  name: string,
  args: (port: number) => string[],
  tls: ServingCertificate,
  convertPath: string,
  script = CLI
): Promise<RunningWebhook> {
  const port = await freePort()
  // wrangler's telemetry would reach out to the network from every test run
  // these servers take reviews at /convert with no token: open on purpose (docs/security.md)
  const env = {
    ...process.env,
    WRANGLER_SEND_METRICS: 'false',
    CONVERT_ALLOW_UNAUTHENTICATED: 'true',
  }
  const managed: ManagedProcess = startProcess(name, process.execPath, [script, ...args(port)], env)
  const origin = await answeringOrigin(managed, port, tls)
  return { url: `${origin}${convertPath}`, stop: () => managed.stop() }
}

/** `https://127.0.0.1:<port>` once a `/healthz` there answers over TLS. */
export async function answeringOrigin(
  managed: ManagedProcess,
  port: number,
  tls: ServingCertificate
): Promise<string> {
  const origin = `https://127.0.0.1:${port}`
  const ca = readFileSync(tls.caCert, 'utf8')
  await waitUntil(
    managed,
    'HTTPS answer',
    async () => (await smallRequest(`${origin}/healthz`, { tls: { ca } })).status > 0,
    60_000
  )
  return origin
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

const schemeOption = (scheme: string | undefined) =>
  scheme === undefined ? [] : ['--scheme', scheme]

/** `crdconv serve --tls-cert --tls-key`: the Node server. */
export const nodeServerTarget: WebhookTarget = {
  name: 'Node server over TLS',
  start: (tls, scheme) =>
    startCliServer(
      'crdconv serve',
      (port) => ['serve', ...listenWithTls(port, tls), ...schemeOption(scheme)],
      tls,
      '/convert'
    ),
}

/** `crdconv lambda-local --tls-cert --tls-key`: the Lambda handler behind a Function URL stand-in. */
export const lambdaTarget: WebhookTarget = {
  name: 'Lambda runner over TLS',
  start: (tls, scheme) =>
    startCliServer(
      'crdconv lambda-local',
      (port) => ['lambda-local', ...listenWithTls(port, tls), ...schemeOption(scheme)],
      tls,
      '/convert'
    ),
}

const WRANGLER = join(import.meta.dirname, '../../node_modules/wrangler/bin/wrangler.js')

const WRANGLER_CONFIG = resolve(import.meta.dirname, '../../wrangler.toml')
// the built entry (npm test builds first): the entry sits in a temporary directory of its own
const WORKER_APP = resolve(
  import.meta.dirname,
  '../../packages/webhook/dist/platform/worker/index.js'
)

/**
 * A Worker entry that does `export default workerApp(scheme)` for the scheme in `module`, as a
 * user's own entry would; wrangler bundles it from a directory of its own, removed on stop.
 */
function writeWorkerEntry(module: string): { entry: string; remove: () => void } {
  const directory = mkdtempSync(join(tmpdir(), 'crdconv-worker-entry-'))
  const entry = join(directory, 'worker.ts')
  writeFileSync(
    entry,
    [
      `import { workerApp } from ${JSON.stringify(WORKER_APP)}`,
      `import * as module from ${JSON.stringify(resolve(module))}`,
      'const exports: Record<string, unknown> = module',
      `export default workerApp((exports['scheme'] ?? exports['default']) as never)`,
      '',
    ].join('\n')
  )
  return { entry, remove: () => rmSync(directory, { recursive: true, force: true }) }
}

/**
 * `wrangler dev --local-protocol https` with our certificate: the Worker in local workerd, with
 * wrangler.toml's entry or, for a scheme, an entry serving `workerApp(scheme)`.
 */
export const workerTarget: WebhookTarget = {
  name: 'Worker under wrangler dev over HTTPS',
  start: async (tls, scheme) => {
    const inspectorPort = await freePort()
    const custom = scheme === undefined ? undefined : writeWorkerEntry(scheme)
    // two wrangler dev at once would lock each other's local state (SQLite): one directory each
    const state = mkdtempSync(join(tmpdir(), 'crdconv-wrangler-state-'))
    const cleanUp = () => {
      custom?.remove()
      rmSync(state, { recursive: true, force: true })
    }
    const running = await startCliServer(
      'wrangler dev',
      (port) => [
        'dev',
        ...(custom === undefined ? [] : [custom.entry, '--config', WRANGLER_CONFIG]),
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
        '--persist-to',
        state,
        // open on purpose, as the other targets (docs/security.md)
        '--var',
        'CONVERT_ALLOW_UNAUTHENTICATED:true',
      ],
      tls,
      '/convert',
      WRANGLER
    ).catch((error: unknown) => {
      cleanUp()
      throw error
    })
    return {
      url: running.url,
      stop: () => running.stop().finally(cleanUp),
    }
  },
}
