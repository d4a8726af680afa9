// One real API server with the CronTab CRD (stored at v1beta1, served at v1beta1 and v1) whose
// conversion webhook is crdconv's Node server, counted, behind the distance proxy: what the
// tests of this folder measure the API server's calls with.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:https'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect } from 'vitest'
import type {
  TestApiServer,
  TestApiServerOptions,
} from '../../../packages/crdconv/src/test-api-server/test-api-server.ts'
import { writeServingCertificate } from '../../../packages/crdconv/src/test-api-server/test-api-server-certificates.ts'
import {
  startDistanceProxy,
  type DistanceProxy,
} from '../../../tools/distance-proxy/distance-proxy.ts'
import { API_SERVER_START_MS, type ApiServerRelease } from '../../support/api-server.ts'
import { kubectl, kubectlOk, type KubectlRun } from '../../support/kubectl.ts'
import { crdconv, type CliRun } from '../cli/run-cli.ts'
import { scheme } from '../lifecycle/fixtures/crontab-v1beta1-storage.ts'
import { LAB_TOKEN, startCountingWebhook, type CountingWebhook } from './counting-webhook.ts'
import { sharedTestApiServer } from '../../support/shared-api-server.ts'
import { adminApi, adminTls, type AdminApi, type ApiAnswer } from '../../support/admin-tls.ts'

export type { ApiAnswer } from '../../support/admin-tls.ts'

const FIXTURE = join(import.meta.dirname, '../lifecycle/fixtures/crontab-v1beta1-storage.ts')
export const GROUP = 'example.com'
export const CRD_NAME = 'crontabs.example.com'

/** What kubectl prints when a LIST runs past the API server's request timeout (`--request-timeout`). */
export const KUBECTL_TIMEOUT =
  'Error from server (Timeout): the server was unable to return a response in the time allotted, but may still be processing the request'

/** The two served versions: `v1beta1` is the storage version, `v1` needs the webhook. */
export type Version = 'v1beta1' | 'v1'

/** A watch the API server streams to: events as `TYPE name` (`ERROR message`), until `close()`. */
export interface OpenWatch {
  readonly events: () => readonly string[]
  /** Whether the API server has ended the stream. */
  readonly ended: () => boolean
  readonly close: () => void
}

export interface ConversionLab {
  readonly server: TestApiServer
  readonly webhook: CountingWebhook
  readonly proxy: DistanceProxy
  /** One request to the API server as the admin, on a kept-alive connection; never throws on status. */
  readonly api: AdminApi
  /**
   * Opens a WATCH (`path` with `watch=true`); collects each event's type and object name, or an
   * ERROR event's message. Rejects with the status and body when the API server refuses it.
   */
  readonly watch: (path: string) => Promise<OpenWatch>
  /** `kubectl` as the admin, failing on a non-zero exit. */
  readonly kube: (args: readonly string[], input?: string) => Promise<string>
  /** `kubectl` as the admin, with its exit code and both outputs. */
  readonly kubeRun: (args: readonly string[], input?: string) => Promise<KubectlRun>
  /** `crdconv status` of the CronTab scheme, as the admin unless another kubeconfig is given. */
  readonly status: (extra?: readonly string[], kubeconfig?: string) => Promise<CliRun>
  /** CronTabs stored now (a LIST at the storage version: no review). */
  readonly stored: () => Promise<number>
  readonly stop: () => Promise<void>
}

/** The collection path of CronTabs in `default` at `version`. */
export const cronTabs = (version: Version, query = '') =>
  `/apis/${GROUP}/${version}/namespaces/default/crontabs${query === '' ? '' : `?${query}`}`

/** The path of one CronTab in `default` at `version`. */
export const cronTabPath = (version: Version, name: string) =>
  `/apis/${GROUP}/${version}/namespaces/default/crontabs/${name}`

/** A CronTab written at `version`: the address as `hostPort` (v1beta1) or `host` and `port` (v1). */
export function cronTab(version: Version, name: string, port = 1234): Record<string, unknown> {
  const address =
    version === 'v1beta1'
      ? { hostPort: `localhost:${port}` }
      : { host: 'localhost', port: String(port) }
  return {
    apiVersion: `${GROUP}/${version}`,
    kind: 'CronTab',
    metadata: { name, namespace: 'default' },
    ...address,
    spec: { cronSpec: '* * * * */5', image: 'my-cron-image', replicas: 1 },
  }
}

/** What the lab's API server runs with beyond its release: controllers, flags. */
export type LabServerOptions = Omit<TestApiServerOptions, 'assets'>

/**
 * Starts etcd + kube-apiserver of `release` (with `serverOptions`' controllers and flags, if any), the
 * counting webhook, the distance proxy in front of it (`oneWayMs`, 0 by default: loopback) and
 * applies the CronTab CRD pointing at the proxy.
 */
export async function startConversionLab(
  release: ApiServerRelease,
  oneWayMs = 0,
  serverOptions: LabServerOptions = {}
): Promise<ConversionLab> {
  const directory = mkdtempSync(join(tmpdir(), 'crdconv-apiserver-calls-'))
  const started: { stop: () => Promise<void> }[] = []
  const stop = async () => {
    for (const one of started.reverse()) await one.stop()
    started.length = 0
    rmSync(directory, { recursive: true, force: true })
  }
  try {
    const tls = await writeServingCertificate(directory)
    const webhook = await startCountingWebhook(scheme, tls)
    started.push({ stop: () => webhook.close() })
    const proxy = await startDistanceProxy({
      targetHost: '127.0.0.1',
      targetPort: webhook.port,
      oneWayMs,
    })
    started.push({ stop: () => proxy.close() })
    const server = await sharedTestApiServer({ ...serverOptions, assets: release.assets })
    started.push(server)
    const kubeRun = (args: readonly string[], input?: string) =>
      kubectl(server.kubeconfigPath, args, input)
    const kube = (args: readonly string[], input?: string) =>
      kubectlOk(server.kubeconfigPath, args, input)
    // the token as a deploy leaves it: in a file crd reads, never on the command line
    const tokenFile = join(directory, 'token')
    writeFileSync(tokenFile, `${LAB_TOKEN}\n`)
    const url = `https://127.0.0.1:${proxy.port}/convert`
    await applyCronTabCrd(kube, url, tokenFile, tls.caCert)
    const admin = adminApi(server)
    started.push({ stop: async () => admin.close() })
    const { api } = admin
    const clientTls = adminTls(server)
    const watch = (path: string) =>
      new Promise<OpenWatch>((resolve, reject) => {
        const events: string[] = []
        let rest = ''
        let ended = false
        const outgoing = request(
          `${server.url}${path}`,
          { agent: false, ...clientTls },
          (response) => {
            if (response.statusCode !== 200) {
              const chunks: Buffer[] = []
              response.on('data', (chunk: Buffer) => chunks.push(chunk))
              response.on('end', () =>
                reject(new Error(`${response.statusCode}: ${Buffer.concat(chunks).toString()}`))
              )
              return
            }
            response.on('data', (chunk: Buffer) => {
              const lines = (rest + chunk.toString('utf8')).split('\n')
              rest = lines.pop() ?? ''
              for (const line of lines.filter((one) => one.trim() !== '')) {
                const event = JSON.parse(line) as {
                  type: string
                  object: { metadata?: { name?: string }; message?: string }
                }
                const said = event.type === 'ERROR' ? event.object.message : undefined
                events.push(`${event.type} ${said ?? event.object.metadata?.name ?? ''}`)
              }
            })
            response.on('end', () => (ended = true))
            response.on('close', () => (ended = true))
            response.on('error', () => undefined)
            resolve({ events: () => events, ended: () => ended, close: () => outgoing.destroy() })
          }
        )
        outgoing.on('error', reject)
        outgoing.end()
      })
    const status = (extra: readonly string[] = [], kubeconfig = server.kubeconfigPath) =>
      crdconv(['status', '--scheme', FIXTURE, '--kubeconfig', kubeconfig, ...extra])
    const stored = async () =>
      (JSON.parse((await api('GET', cronTabs('v1beta1'))).body) as { items: unknown[] }).items
        .length
    return { server, webhook, proxy, api, watch, kube, kubeRun, status, stored, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

/**
 * Applies the CronTab CRD (stored at v1beta1) whose webhook is `url` with the token in
 * `tokenFile` (as `crdconv crd` adds it) and `caCert` as its caBundle, once it is established.
 */
export async function applyCronTabCrd(
  kube: (args: readonly string[], input?: string) => Promise<string>,
  url: string,
  tokenFile: string,
  caCert: string
): Promise<void> {
  const crd = await crdconv([
    'crd',
    '--scheme',
    FIXTURE,
    '--url',
    url,
    '--token-file',
    tokenFile,
    '--ca-bundle',
    caCert,
  ])
  expect(crd.code, crd.stderr).toBe(0)
  await kube(['apply', '-f', '-'], crd.stdout)
  await kube(['wait', '--for', 'condition=established', `crd/${CRD_NAME}`])
}

/**
 * The suite's one lab: started in `beforeAll`, stopped in `afterAll`. Its members are there from
 * the suite's next `beforeAll` on.
 */
export function conversionLabForSuite(
  release: ApiServerRelease,
  serverOptions: LabServerOptions = {}
): ConversionLab {
  const lab = {} as { -readonly [Key in keyof ConversionLab]: ConversionLab[Key] }
  beforeAll(async () => {
    Object.assign(lab, await startConversionLab(release, 0, serverOptions))
  }, API_SERVER_START_MS)
  afterAll(() => lab.stop?.())
  return lab
}

/** Creates `count` CronTabs named `prefix-N` at v1beta1 with one `kubectl create` (one POST each). */
export async function createCronTabs(
  lab: ConversionLab,
  prefix: string,
  count: number
): Promise<void> {
  const items = Array.from({ length: count }, (_, index) =>
    cronTab('v1beta1', `${prefix}-${index}`, 1000 + index)
  )
  await lab.kube(['create', '-f', '-'], JSON.stringify({ apiVersion: 'v1', kind: 'List', items }))
}

/**
 * kubectl's text with what changes from run to run (ports, names, revisions) as placeholders, and
 * the path token the API server quotes (its own messages, which crdconv cannot redact) as `<token>`.
 */
export function placeholders(text: string): string {
  return text
    .trim()
    .replace(/127\.0\.0\.1:\d+/g, 'HOST:PORT')
    .replace(/\/convert\/[^?"\s]+/g, '/convert/<token>')
    .replace(/revision=\d+/g, 'revision=N')
    .replace(/\/default\/[a-z0-9-]+/g, '/default/NAME')
    .replace(/\(and \d+ more\)/g, '(and N more)')
    .replace(/broken on purpose/g, 'MESSAGE')
}

/** Settles once `check()` holds, polling every 50 ms. */
export async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 50))
}

/** Fails unless the API server answered 2xx, with its answer in the message. */
export function expectOk(answer: ApiAnswer): ApiAnswer {
  expect(answer.status, answer.body.slice(0, 500)).toBeLessThan(300)
  return answer
}
