// A cluster where the Pool CRD is served by the Go webhook of tools/conversion-webhook behind a
// Service, with crdconv's webhook running beside it, ready to take over: what the takeover tests
// share. No cluster network here: an ExternalName Service resolves to the Go webhook on loopback,
// as the API server's service resolver resolves a clientConfig.service.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestApiServer } from '../../../packages/crdconv/src/test-api-server/test-api-server.ts'
import {
  writeServingCertificate,
  type ServingCertificate,
} from '../../../packages/crdconv/src/test-api-server/test-api-server-certificates.ts'
import { createScheme } from '../../../packages/webhook/src/scheme/index.ts'
import { pool } from '../../../examples/pool/index.ts'
import { adminApi, type AdminApi } from '../../support/admin-tls.ts'
import { API_SERVER_RELEASES, type ApiServerRelease } from '../../support/api-server.ts'
import { kubectlOk } from '../../support/kubectl.ts'
import {
  poolWebhookBinary,
  startPoolWebhook,
  type RunningPoolWebhook,
} from '../../support/pool-webhook.ts'
import { sharedTestApiServer } from '../../support/shared-api-server.ts'
import {
  LAB_TOKEN,
  startCountingWebhook,
  type CountingWebhook,
} from '../apiserver/counting-webhook.ts'
import { crdconv, type CliRun } from '../cli/run-cli.ts'

export const POOL_CRD = 'pools.takeover.crdconv.dev'
export const POOL_SCHEME = join(import.meta.dirname, 'fixtures', 'pool-scheme.ts')
/** The Service the CRD names at first: `pools/pool-webhook`, on the Go webhook's port. */
export const POOL_SERVICE = { namespace: 'pools', name: 'pool-webhook' } as const

const binary = poolWebhookBinary()
/** The Go webhook's binary, or '' where it could not be built (every release is skipped then). */
export const POOL_WEBHOOK_BINARY = 'path' in binary ? binary.path : ''
/** The releases the takeover suites run on, each skipped with the reason where Go is missing. */
export const TAKEOVER_RELEASES = API_SERVER_RELEASES.map((release) =>
  'skip' in binary ? { ...release, skip: release.skip ?? binary.skip } : release
)

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

export interface PoolTakeoverCluster {
  readonly server: TestApiServer
  readonly tls: ServingCertificate
  readonly go: RunningPoolWebhook
  /** crdconv's webhook serving the Pool scheme, every review it gets counted. */
  readonly ours: CountingWebhook
  /** Where `ours` converts: the URL `crdconv switch --url` names. */
  readonly oursUrl: string
  /** `kubectl` against the cluster; a non-zero exit throws. */
  readonly kube: (args: readonly string[], input?: string) => Promise<string>
  /** `crdconv <args> --kubeconfig <the cluster's>`, in-process. */
  readonly cli: (args: readonly string[]) => Promise<CliRun>
  /** One request to the API server as the admin, on a kept-alive connection. */
  readonly api: AdminApi
  /** The Pool `name` in namespace pools read at `version`, as JSON. */
  readonly read: (version: string, name: string) => Promise<PoolRead>
  readonly stop: () => Promise<void>
}

/** `/apis/takeover.crdconv.dev/VERSION/namespaces/pools/pools[/NAME]` */
export const poolsPath = (version: string, name?: string) =>
  `/apis/takeover.crdconv.dev/${version}/namespaces/pools/pools${name === undefined ? '' : `/${name}`}`

/**
 * Starts (or takes from this worker) `release`'s API server, the Go webhook and crdconv's, and
 * applies the Pool CRD as crdconv generates it with its clientConfig set to the Go webhook's
 * Service and CA.
 */
export async function startPoolTakeoverCluster(
  release: ApiServerRelease
): Promise<PoolTakeoverCluster> {
  const directory = mkdtempSync(join(tmpdir(), 'crdconv-takeover-'))
  const tls = await writeServingCertificate(directory, undefined, ['pool-webhook.pools.svc'])
  const [server, go, ours] = await Promise.all([
    sharedTestApiServer({ assets: release.assets }),
    startPoolWebhook(POOL_WEBHOOK_BINARY, tls),
    startCountingWebhook(createScheme([pool]), tls),
  ])
  const kube = (args: readonly string[], input?: string) =>
    kubectlOk(server.kubeconfigPath, args, input)
  const admin = adminApi(server)
  const { api } = admin
  const read = async (version: string, name: string) => {
    const answer = await api('GET', poolsPath(version, name))
    if (answer.status !== 200) throw new Error(`GET pool ${name} at ${version}: ${answer.body}`)
    return JSON.parse(answer.body) as PoolRead
  }
  const stop = async () => {
    await kube(['delete', 'crd', POOL_CRD, '--ignore-not-found']).catch(() => undefined)
    // the shared API server's reset leaves Services and endpoints to the server: the next file
    // in this worker makes its own of the same names
    await kube([
      'delete',
      'services,endpoints,endpointslices.discovery.k8s.io',
      '--all',
      '-n',
      POOL_SERVICE.namespace,
      '--ignore-not-found',
    ]).catch(() => undefined)
    await kube(['delete', 'namespace', 'pools', '--wait=false']).catch(() => undefined)
    admin.close()
    await Promise.all([server.stop(), go.stop(), ours.close()])
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
    await kube(['wait', '--for', 'condition=established', '--timeout', '120s', `crd/${POOL_CRD}`])
  } catch (error) {
    await stop()
    throw error
  }
  const cli = (args: readonly string[]) => crdconv([...args, '--kubeconfig', server.kubeconfigPath])
  const oursUrl = `https://127.0.0.1:${ours.port}/convert/${LAB_TOKEN}`
  return { server, tls, go, ours, oursUrl, kube, cli, api, read, stop }
}
