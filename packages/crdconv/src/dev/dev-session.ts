// `crdconv dev`: etcd and kube-apiserver on loopback, the project's webhook over TLS with a CA of
// the session, its CRDs applied with that caBundle, and applied again when the scheme changes.
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Scheme } from '@crdconv/webhook/scheme'
import { nodeServer, type RunningWebhookServer } from '@crdconv/webhook/node'
import type { ClusterClient } from '../cluster-client/index.ts'
import { LOCAL_DEV_CONTEXT, UsageError } from '../command-io/index.ts'
import { buildResourceCrds } from '../crd/index.ts'
import {
  portIsFree,
  startTestApiServer,
  writeServingCertificate,
  type TestApiServer,
} from '../test-api-server/index.ts'
import { findClusterBinaries } from './cluster-binaries.ts'
import { rollOut, type WebhookEndpoint } from './crd-rollout.ts'
import { reviewLine } from './review-line.ts'
import { watchSources } from './source-watch.ts'
import { switchableScheme } from './switchable-scheme.ts'

/** Ports the user chose; each one left out is a free one. */
export interface DevPorts {
  readonly apiServer?: number | undefined
  readonly etcd?: number | undefined
  readonly webhook?: number | undefined
}

export interface DevSessionOptions {
  /** Loads the project's scheme in a module graph of its own, so that edits are read again. */
  readonly loadScheme: () => Promise<Scheme>
  /** The folder whose edits reload the scheme: the scheme module's. */
  readonly watchFolder: string
  /** The webhook's path token (the CRD's URL holds it; nothing prints it). */
  readonly token: string
  /** `--assets`: the folder of etcd and kube-apiserver. */
  readonly assets?: string | undefined
  readonly ports: DevPorts
  readonly environment: NodeJS.ProcessEnv
  /** One line for the user (stderr): what started, what was applied, each review. */
  readonly say: (line: string) => void
}

/** A running session: where its kubeconfig is, and how to end it. */
export interface DevSession {
  readonly kubeconfigPath: string
  /** Stops watching, the webhook, kube-apiserver and etcd, and removes their files. */
  readonly stop: () => Promise<void>
}

const PORT_FLAGS = {
  apiServer: '--api-server-port',
  etcd: '--etcd-port',
  webhook: '--webhook-port',
}

/**
 * Starts the session; nothing is left running when it fails (a scheme that does not load, a
 * taken port, binaries that cannot be found: usage errors; a CRD nobody could apply: an error).
 *
 * @example
 * ```ts
 * const session = await startDevSession({ loadScheme, watchFolder: 'src', token, ports: {}, environment: process.env, say: console.error })
 * console.log(`export KUBECONFIG=${session.kubeconfigPath}`)
 * process.once('SIGINT', () => void session.stop())
 * ```
 */
export async function startDevSession(options: DevSessionOptions): Promise<DevSession> {
  const { say } = options
  const binaries = findClusterBinaries(options.assets, options.environment)
  for (const [which, port] of Object.entries(options.ports)) {
    if (port !== undefined && !(await portIsFree(port))) {
      const flag = PORT_FLAGS[which as keyof DevPorts]
      throw new UsageError(
        'port-taken',
        `${flag} ${port}: something listens there already; pick another port or leave ${flag} out for a free one`
      )
    }
  }
  const served = switchableScheme(await options.loadScheme())
  const generated = buildResourceCrds(served.current().resources, {
    url: 'https://127.0.0.1/convert',
  })
  if (generated.problems.length > 0) {
    throw new Error(`no CRD can be generated:\n  - ${generated.problems.join('\n  - ')}`)
  }

  const stops: (() => Promise<void>)[] = []
  const stop = async () => {
    for (const step of stops.splice(0).reverse()) await step()
  }
  try {
    say(`starting etcd and kube-apiserver from ${binaries.assets} (${binaries.source})`)
    const cluster: TestApiServer = await startTestApiServer({
      assets: binaries.assets,
      ports: { apiServer: options.ports.apiServer, etcd: options.ports.etcd },
      contextName: LOCAL_DEV_CONTEXT,
      startTimeoutMs: 120_000,
    })
    stops.push(cluster.stop)
    say(
      `kube-apiserver ${cluster.version.gitVersion} at ${cluster.url}, etcd at ${cluster.etcdUrl}`
    )

    const certificates = await mkdtemp(join(tmpdir(), 'crdconv-dev-webhook-'))
    stops.push(() => rm(certificates, { recursive: true, force: true }))
    const tls = await writeServingCertificate(certificates)
    const server: RunningWebhookServer = await nodeServer(served.scheme, {
      port: options.ports.webhook ?? 0,
      hostname: '127.0.0.1',
      tls: { certFile: tls.cert, keyFile: tls.key },
      tokens: [options.token],
      log: (entry) => say(reviewLine(entry)),
    })
    stops.push(() => server.close())
    const endpoint: WebhookEndpoint = {
      url: `${server.url}/convert/${options.token}`,
      caBundle: Buffer.from(await readFile(tls.caCert, 'utf8'), 'utf8').toString('base64'),
    }
    say(`webhook at ${endpoint.url}, over TLS with a CA made for this session (${tls.caCert})`)

    const { connectToCluster } = await import('../cluster-client/connect-to-cluster.ts')
    const client = connectToCluster({ kubeconfig: cluster.kubeconfigPath })
    const first = await rollOut(client, served.current().resources, endpoint)
    if (!first.applied) throw new Error(`no CRD applied:\n  - ${first.problems.join('\n  - ')}`)
    for (const line of first.lines) say(line)

    const reload = reloader(options, served, client, endpoint)
    const watcher = watchSources(options.watchFolder, reload)
    stops.push(async () => watcher.close())
    say(`watching ${options.watchFolder}: a change applies the CRDs again; Ctrl-C stops everything`)
    return { kubeconfigPath: cluster.kubeconfigPath, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

/**
 * What a change under the watched folder does: load the scheme afresh and, if it loads and its
 * CRDs apply, serve it; otherwise say why and keep serving the one before. One reload at a time;
 * edits during one lead to one more.
 */
function reloader(
  options: DevSessionOptions,
  served: ReturnType<typeof switchableScheme>,
  client: ClusterClient,
  endpoint: WebhookEndpoint
): () => void {
  const { say } = options
  let running: Promise<void> | undefined
  let again = false
  const once = async () => {
    let next: Scheme
    try {
      next = await options.loadScheme()
    } catch (error) {
      say(`the scheme did not load, still serving the one before: ${messageOf(error)}`)
      return
    }
    const before = served.current()
    served.replace(next)
    try {
      const rollout = await rollOut(client, next.resources, endpoint)
      if (rollout.applied) {
        for (const line of rollout.lines) say(`scheme changed: ${line}`)
        return
      }
      served.replace(before)
      say(
        `scheme changed, CRDs not applied, still serving the one before:\n  - ${rollout.problems.join('\n  - ')}`
      )
    } catch (error) {
      served.replace(before)
      say(`scheme changed, CRDs not applied, still serving the one before: ${messageOf(error)}`)
    }
  }
  return () => {
    if (running !== undefined) {
      again = true
      return
    }
    running = (async () => {
      do {
        again = false
        await once()
      } while (again)
      running = undefined
    })()
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
