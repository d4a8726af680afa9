import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { stringify } from 'yaml'
import {
  apiServerArgs,
  controllerManagerArgs,
  etcdArgs,
  kubeconfigObject,
  type ExtraServerFlags,
} from './test-api-server-args.ts'
import {
  writeClientCertificate,
  writeTestApiServerCertificates,
} from './test-api-server-certificates.ts'
import { smallRequest, type ClientTls } from './test-api-server-http.ts'
import {
  freePort,
  removeOnExit,
  startProcess,
  waitUntil,
  type ManagedProcess,
} from './test-api-server-processes.ts'
import { binaryVersion, type KubernetesVersion } from './test-api-server-version.ts'

export type { KubernetesVersion }

export interface TestApiServerOptions extends ExtraServerFlags {
  /** Folder holding `etcd` and `kube-apiserver`; default `KUBEBUILDER_ASSETS`, as envtest. */
  readonly assets?: string
  /** How long both may take to become ready; default 60 s (a loaded 2-core machine needs ~10). */
  readonly startTimeoutMs?: number
  /**
   * Also run `kube-controller-manager` (from the same folder) with these controllers, such as
   * `['storage-version-migrator-controller', 'garbage-collector-controller']`.
   */
  readonly controllers?: readonly string[]
  /** Ports to listen on instead of free ones: the API server's (HTTPS) and etcd's client port. */
  readonly ports?: { readonly apiServer?: number | undefined; readonly etcd?: number | undefined }
  /** The kubeconfig's cluster and context name; default `crdconv-test`. */
  readonly contextName?: string
  /**
   * A folder to write each process's whole output to (`etcd.log`, `kube-apiserver.log`); by
   * default only the last lines are kept, for a start-up failure's message. `stop()` leaves it.
   */
  readonly logFolder?: string
}

/** A process of the pair that exited before `stop()` was called: how, and where its log is. */
export interface StoppedOnItsOwn {
  /** `etcd`, `kube-apiserver` or `kube-controller-manager`. */
  readonly process: string
  /** `exit code 1`, `signal SIGKILL` */
  readonly exit: string
  /** Its whole output, when `logFolder` was given. */
  readonly logFile?: string | undefined
}

/** One key of etcd with its value, as the API server stored it. */
export interface EtcdEntry {
  readonly key: string
  readonly value: string
}

/** A running etcd + kube-apiserver pair; `stop()` ends both and removes their data. */
export interface TestApiServer {
  /** `https://127.0.0.1:PORT` */
  readonly url: string
  /** The release the API server reports at `/version`. */
  readonly version: KubernetesVersion
  /** A kubeconfig (admin, `system:masters`) as the object `kubectl` reads. */
  readonly kubeconfig: Record<string, unknown>
  /** The same kubeconfig written to a file: `KUBECONFIG=…`, `kubectl --kubeconfig …`. */
  readonly kubeconfigPath: string
  /**
   * A kubeconfig file for another user, authenticated by a client certificate of the test CA
   * and authorized by whatever RBAC grants `user` or its `groups` (nothing, at first).
   */
  readonly kubeconfigFor: (user: string, groups?: readonly string[]) => Promise<string>
  /** etcd's client URL (plain HTTP on loopback), for tests that look at what was stored. */
  readonly etcdUrl: string
  /** Every etcd key under `prefix` with its value, e.g. `/registry/example.com/crontabs/`. */
  readonly readEtcd: (prefix: string) => Promise<EtcdEntry[]>
  /**
   * Resolves when one of its processes exits before `stop()` is called (killed, crashed, out of
   * memory); never once `stop()` has been. The others keep running until `stop()`.
   */
  readonly stoppedOnItsOwn: Promise<StoppedOnItsOwn>
  readonly stop: () => Promise<void>
}

/** The folder of the binaries, or why tests that need them cannot run. */
export function testApiServerAssets(
  assets: string | undefined = process.env['KUBEBUILDER_ASSETS']
): { assets: string } | { skip: string } {
  if (assets === undefined || assets === '') {
    return {
      skip: 'KUBEBUILDER_ASSETS is unset: point it at a folder with etcd and kube-apiserver (setup-envtest prints one) to run the tests against a real API server',
    }
  }
  for (const binary of ['etcd', 'kube-apiserver']) {
    if (!existsSync(join(assets, binary))) {
      return { skip: `KUBEBUILDER_ASSETS=${assets} has no ${binary}` }
    }
  }
  return { assets }
}

/**
 * Starts etcd and kube-apiserver on free loopback ports with a fresh data directory and
 * certificates of their own, the way controller-runtime's envtest does, and answers once the API
 * server is ready. Call `stop()` in `afterAll`; whatever is left running is killed when the test
 * process exits. Needs the `openssl` CLI.
 *
 * @example
 * ```ts
 * let server: TestApiServer
 * beforeAll(async () => { server = await startTestApiServer() }, 90_000)
 * afterAll(() => server?.stop())
 * // execFileSync('kubectl', ['--kubeconfig', server.kubeconfigPath, 'apply', '-f', 'crd.yaml'])
 * ```
 */
export async function startTestApiServer(
  options: TestApiServerOptions = {}
): Promise<TestApiServer> {
  const found = testApiServerAssets(options.assets ?? process.env['KUBEBUILDER_ASSETS'])
  if ('skip' in found) throw new Error(found.skip)
  const binaryRelease = await binaryVersion(join(found.assets, 'kube-apiserver'))
  const timeoutMs = options.startTimeoutMs ?? 60_000
  const dataDir = await mkdtemp(join(tmpdir(), 'crdconv-apiserver-'))
  const cleanup = removeOnExit(dataDir)
  const started: ManagedProcess[] = []
  let reportStoppedOnItsOwn: (stopped: StoppedOnItsOwn) => void = () => undefined
  const stoppedOnItsOwn = new Promise<StoppedOnItsOwn>(
    (resolve) => (reportStoppedOnItsOwn = resolve)
  )
  const start = (name: string, args: readonly string[]): ManagedProcess => {
    const logFile =
      options.logFolder === undefined ? undefined : join(options.logFolder, `${name}.log`)
    const managed = startProcess(name, join(found.assets, name), args, process.env, logFile)
    started.push(managed)
    void managed.ended.then((exit) => {
      if (!managed.stopRequested()) reportStoppedOnItsOwn({ process: name, exit, logFile })
    })
    return managed
  }
  const stop = async () => {
    for (const managed of started.reverse()) await managed.stop()
    started.length = 0
    await rm(dataDir, { recursive: true, force: true })
    cleanup.forget()
  }
  try {
    const certDir = join(dataDir, 'certs')
    await mkdir(certDir)
    const [certs, etcdPort, peerPort, apiPort] = await Promise.all([
      writeTestApiServerCertificates(certDir),
      options.ports?.etcd ?? freePort(),
      freePort(),
      options.ports?.apiServer ?? freePort(),
    ])
    const etcdUrl = `http://127.0.0.1:${etcdPort}`
    const etcd = start('etcd', etcdArgs(dataDir, etcdUrl, peerPort))
    await waitUntil(
      etcd,
      'healthy answer',
      async () => {
        const health = await smallRequest(`${etcdUrl}/health`)
        return health.status === 200 && health.body.includes('"true"')
      },
      timeoutMs
    )

    const apiServer = start(
      'kube-apiserver',
      apiServerArgs(binaryRelease, dataDir, apiPort, etcdUrl, certs, options)
    )
    const url = `https://127.0.0.1:${apiPort}`
    const tls: Required<ClientTls> = {
      ca: await readFile(certs.caCert, 'utf8'),
      cert: await readFile(certs.adminCert, 'utf8'),
      key: await readFile(certs.adminKey, 'utf8'),
    }
    await waitUntil(
      apiServer,
      'ready answer and default namespace',
      async () => {
        const ready = await smallRequest(`${url}/readyz`, { tls })
        if (ready.status !== 200) return false
        const namespace = await smallRequest(`${url}/api/v1/namespaces/default`, { tls })
        return namespace.status === 200
      },
      timeoutMs
    )

    const kubeconfig = kubeconfigObject(url, tls, 'crdconv-test-admin', options.contextName)
    const kubeconfigPath = join(dataDir, 'kubeconfig.yaml')
    await writeFile(kubeconfigPath, stringify(kubeconfig), { mode: 0o600 })
    const version = await reportedVersion(url, tls)
    if (options.controllers !== undefined && options.controllers.length > 0) {
      if (!existsSync(join(found.assets, 'kube-controller-manager'))) {
        throw new Error(
          `${found.assets} has no kube-controller-manager, which the controllers need`
        )
      }
      start(
        'kube-controller-manager',
        controllerManagerArgs(kubeconfigPath, options.controllers, options)
      )
    }
    const kubeconfigFor = async (user: string, groups: readonly string[] = []) => {
      const ca = { cert: certs.caCert, key: certs.caKey }
      const files = await writeClientCertificate(certDir, user, groups, ca)
      const userTls = {
        ca: tls.ca,
        cert: await readFile(files.cert, 'utf8'),
        key: await readFile(files.key, 'utf8'),
      }
      const path = join(dataDir, `kubeconfig-${user}.yaml`)
      const userKubeconfig = kubeconfigObject(url, userTls, user, options.contextName)
      await writeFile(path, stringify(userKubeconfig), { mode: 0o600 })
      return path
    }
    return {
      url,
      version,
      kubeconfig,
      kubeconfigPath,
      kubeconfigFor,
      etcdUrl,
      readEtcd: (prefix) => readEtcdPrefix(etcdUrl, prefix),
      stoppedOnItsOwn,
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}

async function reportedVersion(url: string, tls: Required<ClientTls>): Promise<KubernetesVersion> {
  const answer = await smallRequest(`${url}/version`, { tls })
  const {
    gitVersion = '',
    major = '',
    minor = '',
  } = JSON.parse(answer.body) as Record<string, string | undefined>
  // minor may carry a `+` on distribution builds: `20+`
  return { gitVersion, major: Number.parseInt(major, 10), minor: Number.parseInt(minor, 10) }
}

/** etcd's v3 HTTP gateway: every key under `prefix` (base64 keys, range end = prefix + 1). */
async function readEtcdPrefix(etcdUrl: string, prefix: string): Promise<EtcdEntry[]> {
  const key = Buffer.from(prefix, 'utf8')
  const rangeEnd = Buffer.from(key)
  rangeEnd[rangeEnd.length - 1] = (rangeEnd[rangeEnd.length - 1] ?? 0) + 1
  const answer = await smallRequest(`${etcdUrl}/v3/kv/range`, {
    method: 'POST',
    body: JSON.stringify({ key: key.toString('base64'), range_end: rangeEnd.toString('base64') }),
  })
  if (answer.status !== 200) throw new Error(`etcd range ${prefix}: HTTP ${answer.status}`)
  const { kvs = [] } = JSON.parse(answer.body) as { kvs?: { key: string; value: string }[] }
  return kvs.map((entry) => ({
    key: Buffer.from(entry.key, 'base64').toString('utf8'),
    value: Buffer.from(entry.value, 'base64').toString('utf8'),
  }))
}
