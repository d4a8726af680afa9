// A cluster where the Pool CRD is served by the Go webhook of tools/conversion-webhook behind a
// Service, with crdconv's webhook running beside it, ready to take over: what the takeover tests
// share. No cluster network here: an ExternalName Service resolves to the Go webhook on loopback,
// as the API server's service resolver resolves a clientConfig.service.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { Agent } from 'node:https'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { requestText } from '../../../packages/crdconv/src/http-client/index.ts'
import type { TestApiServer } from '../../../packages/crdconv/src/test-api-server/test-api-server.ts'
import {
  writeServingCertificate,
  type ServingCertificate,
} from '../../../packages/crdconv/src/test-api-server/test-api-server-certificates.ts'
import { adminTls } from '../../support/admin-tls.ts'
import type { ApiServerRelease } from '../../support/api-server.ts'
import { kubectlOk } from '../../support/kubectl.ts'
import { startPoolWebhook, type RunningPoolWebhook } from '../../support/pool-webhook.ts'
import { sharedTestApiServer } from '../../support/shared-api-server.ts'
import { crdconv, type CliRun } from '../cli/run-cli.ts'

export const POOL_CRD = 'pools.takeover.crdconv.dev'
export const POOL_SCHEME = join(import.meta.dirname, 'fixtures', 'pool-scheme.ts')
/** The Service the CRD names at first: `pools/pool-webhook`, on the Go webhook's port. */
export const POOL_SERVICE = { namespace: 'pools', name: 'pool-webhook' } as const

/** A Pool as the API server answers it, at either version. */
export type PoolRead = {
  readonly apiVersion: string
  readonly metadata: {
    readonly name: string
    readonly annotations?: Readonly<Record<string, string>>
    readonly [field: string]: unknown
  }
  readonly spec?: Readonly<Record<string, unknown>>
  readonly status?: Readonly<Record<string, unknown>>
}

/** What answered an API request: its status and body. */
export interface ApiAnswer {
  readonly status: number
  readonly body: string
}

export interface PoolTakeoverCluster {
  readonly server: TestApiServer
  readonly tls: ServingCertificate
  readonly go: RunningPoolWebhook
  /** `kubectl` against the cluster; a non-zero exit throws. */
  readonly kube: (args: readonly string[], input?: string) => Promise<string>
  /** `crdconv <args> --kubeconfig <the cluster's>`, in-process. */
  readonly cli: (args: readonly string[]) => Promise<CliRun>
  /** One request to the API server with the admin's credentials, on a keep-alive agent. */
  readonly api: (
    method: string,
    path: string,
    body?: unknown,
    contentType?: string
  ) => Promise<ApiAnswer>
  /** The Pool `name` in namespace pools read at `version`, as JSON. */
  readonly read: (version: string, name: string) => Promise<PoolRead>
  readonly stop: () => Promise<void>
}

/** `/apis/takeover.crdconv.dev/VERSION/namespaces/pools/pools[/NAME]` */
export const poolsPath = (version: string, name?: string) =>
  `/apis/takeover.crdconv.dev/${version}/namespaces/pools/pools${name === undefined ? '' : `/${name}`}`

/**
 * Starts (or takes from this worker) `release`'s API server and the Go webhook, and applies the
 * Pool CRD as crdconv generates it with its clientConfig set to the Go webhook's Service and CA.
 */
export async function startPoolTakeoverCluster(
  release: ApiServerRelease,
  goBinary: string
): Promise<PoolTakeoverCluster> {
  const directory = mkdtempSync(join(tmpdir(), 'crdconv-takeover-'))
  const tls = await writeServingCertificate(directory, undefined, ['pool-webhook.pools.svc'])
  const [server, go] = await Promise.all([
    sharedTestApiServer({ assets: release.assets }),
    startPoolWebhook(goBinary, tls),
  ])
  const kube = (args: readonly string[], input?: string) =>
    kubectlOk(server.kubeconfigPath, args, input)
  const agent = new Agent({ keepAlive: true, maxSockets: 16 })
  const clientTls = adminTls(server)
  const api = async (method: string, path: string, body?: unknown, contentType?: string) => {
    const { status, body: text } = await requestText(`${server.url}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': contentType ?? 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      agent,
      ...clientTls,
      timeoutMs: 120_000,
      timeoutMessage: `${method} ${path}: no answer from the API server in 120 s`,
    })
    return { status, body: text }
  }
  const read = async (version: string, name: string) => {
    const answer = await api('GET', poolsPath(version, name))
    if (answer.status !== 200) throw new Error(`GET pool ${name} at ${version}: ${answer.body}`)
    return JSON.parse(answer.body) as PoolRead
  }
  const stop = async () => {
    await kube(['delete', 'crd', POOL_CRD, '--ignore-not-found']).catch(() => undefined)
    await kube(['delete', 'namespace', 'pools', '--wait=false']).catch(() => undefined)
    agent.destroy()
    await Promise.all([server.stop(), go.stop()])
    rmSync(directory, { recursive: true, force: true })
  }
  try {
    await kube(['create', 'namespace', POOL_SERVICE.namespace])
    await kube([
      'create',
      'service',
      'externalname',
      POOL_SERVICE.name,
      '-n',
      POOL_SERVICE.namespace,
      '--external-name',
      '127.0.0.1',
    ])
    const generated = await crdconv([
      'crd',
      '--scheme',
      POOL_SCHEME,
      '--url',
      'https://crdconv.invalid/convert',
      '-o',
      'json',
    ])
    if (generated.code !== 0) throw new Error(`crdconv crd failed: ${generated.stderr}`)
    const crd = JSON.parse(generated.stdout)
    crd.spec.conversion.webhook.clientConfig = {
      service: { ...POOL_SERVICE, port: go.port, path: '/convert' },
      caBundle: Buffer.from(readFileSync(tls.caCert, 'utf8')).toString('base64'),
    }
    await kube(['apply', '-f', '-'], JSON.stringify(crd))
    await kube(['wait', '--for', 'condition=established', `crd/${POOL_CRD}`])
  } catch (error) {
    await stop()
    throw error
  }
  const cli = (args: readonly string[]) => crdconv([...args, '--kubeconfig', server.kubeconfigPath])
  return { server, tls, go, kube, cli, api, read, stop }
}
