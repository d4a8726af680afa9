// One etcd + kube-apiserver per release per vitest worker, shared by the test files that run there
// one after another: a file gets it back as it was started, every object an earlier file made
// removed from etcd, instead of waiting 5 to 8 s for a server of its own
import { requestText } from '../../packages/crdconv/src/http-client/index.ts'
import {
  startTestApiServer,
  type TestApiServer,
  type TestApiServerOptions,
} from '../../packages/crdconv/src/test-api-server/index.ts'
import { adminTls } from './admin-tls.ts'

interface PooledServer {
  readonly server: TestApiServer
  /** etcd keys right after the start: the state each file gets back. */
  readonly baseline: ReadonlySet<string>
}

const idle = new Map<string, PooledServer[]>()
const RESET_MS = 60_000

// what the API server itself writes while it runs (leases, the kubernetes Service, the aggregator's
// APIServices, events): left for its own controllers, which remove a deleted CRD's APIService
const SERVER_OWNED = [
  '/registry/leases/',
  '/registry/masterleases/',
  '/registry/services/',
  '/registry/endpointslices/',
  '/registry/apiregistration.k8s.io/',
  '/registry/flowschemas/',
  '/registry/prioritylevelconfigurations/',
  '/registry/ranges/',
  '/registry/events/',
]

let exitOnTerm = false

/**
 * A test API server as `startTestApiServer(options)` gives one. With no controllers or flags, it
 * is taken from this worker's idle servers of that release when there is one, and its `stop()`
 * gives it back as fresh as started; the servers stop when the worker ends. A server with
 * controllers or flags is a file's own (its idle twin would hold memory and CPU to the end). For
 * tests of the API server's own start and stop, start one with `startTestApiServer`.
 */
export async function sharedTestApiServer(
  options: TestApiServerOptions = {}
): Promise<TestApiServer> {
  const { assets } = options
  if (assets === undefined || hasFlagsOrControllers(options)) return startTestApiServer(options)
  const pooled = idle.get(assets)?.pop() ?? (await startPooled(options))
  let given = false
  return {
    ...pooled.server,
    stop: async () => {
      if (given) return
      given = true
      try {
        await reset(pooled)
      } catch (error) {
        await pooled.server.stop()
        throw error
      }
      idle.set(assets, [...(idle.get(assets) ?? []), pooled])
    },
  }
}

/** Any option but where the binaries are and how long they may take to start, set and not empty. */
function hasFlagsOrControllers(options: TestApiServerOptions): boolean {
  const { assets: _assets, startTimeoutMs: _startTimeoutMs, ...flags } = options
  return Object.values(flags).some(
    (value) => value !== undefined && (typeof value !== 'object' || Object.keys(value).length > 0)
  )
}

async function startPooled(options: TestApiServerOptions): Promise<PooledServer> {
  if (!exitOnTerm) {
    exitOnTerm = true
    // vitest ends a worker with SIGTERM: exit, so that the exit hook kills the servers
    process.once('SIGTERM', () => process.exit(143))
  }
  const server = await startTestApiServer(options)
  return { server, baseline: new Set(await etcdKeys(server)) }
}

/** Deletes from etcd every key made since the start, then waits until the API server has seen it. */
async function reset({ server, baseline }: PooledServer): Promise<void> {
  const made = (await etcdKeys(server)).filter(
    (key) => !baseline.has(key) && !SERVER_OWNED.some((prefix) => key.startsWith(prefix))
  )
  for (let start = 0; start < made.length; start += 32) {
    await Promise.all(
      made.slice(start, start + 32).map((key) => deleteEtcdKey(server.etcdUrl, key))
    )
  }
  const crds = namesUnder(made, '/registry/apiextensions.k8s.io/customresourcedefinitions/')
  const namespaces = namesUnder(made, '/registry/namespaces/')
  // the aggregator names a CRD's group version `<version>.<group>`, as a CRD is `<plural>.<group>`
  const groups = new Set(crds.map(afterFirstDot))
  const deadline = Date.now() + RESET_MS
  for (;;) {
    const [liveCrds, liveNamespaces, liveApiServices] = await Promise.all([
      cachedNames(server, '/apis/apiextensions.k8s.io/v1/customresourcedefinitions'),
      cachedNames(server, '/api/v1/namespaces'),
      cachedNames(server, '/apis/apiregistration.k8s.io/v1/apiservices'),
    ])
    const left = [
      ...liveCrds.filter((name) => crds.includes(name)),
      ...liveNamespaces.filter((name) => namespaces.includes(name)),
      ...liveApiServices.filter((name) => groups.has(afterFirstDot(name))),
    ]
    if (left.length === 0) return
    if (Date.now() > deadline) {
      throw new Error(
        `the shared API server still shows ${left.join(', ')} ${RESET_MS / 1000} s after they were removed from etcd`
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

function namesUnder(keys: readonly string[], prefix: string): string[] {
  return keys.filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length))
}

function afterFirstDot(name: string): string {
  return name.slice(name.indexOf('.') + 1)
}

/** The names of a cluster-scoped list, as the API server's watch cache has them. */
async function cachedNames(server: TestApiServer, path: string): Promise<string[]> {
  const { status, body } = await requestText(`${server.url}${path}?resourceVersion=0`, {
    method: 'GET',
    headers: {},
    ...adminTls(server),
    timeoutMs: 10_000,
    timeoutMessage: `GET ${path}: no answer from the shared API server in 10 s`,
  })
  if (status !== 200) throw new Error(`GET ${path} on the shared API server: HTTP ${status}`)
  const { items } = JSON.parse(body) as { items: { metadata: { name: string } }[] }
  return items.map((item) => item.metadata.name)
}

/** Every key the API server has stored. */
async function etcdKeys(server: TestApiServer): Promise<string[]> {
  return (await server.readEtcd('/registry/')).map((entry) => entry.key)
}

async function deleteEtcdKey(etcdUrl: string, key: string): Promise<void> {
  await etcdPost(etcdUrl, '/v3/kv/deleterange', { key: Buffer.from(key).toString('base64') })
}

async function etcdPost(etcdUrl: string, path: string, body: unknown): Promise<string> {
  const answer = await requestText(`${etcdUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    timeoutMs: 10_000,
    timeoutMessage: `etcd ${path}: no answer in 10 s`,
  })
  if (answer.status !== 200) throw new Error(`etcd ${path}: HTTP ${answer.status}`)
  return answer.body
}
