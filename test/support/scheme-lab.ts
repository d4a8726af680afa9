// A scheme served to a real API server: crdconv's webhook over TLS in this process, etcd and
// kube-apiserver of one release, and every resource's CRD (generated from the scheme) applied
// with the webhook's URL. What the tests of data through the API server write and read with.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { Agent, request } from 'node:https'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import type { TestApiServer } from '../../packages/crdconv/src/test-api-server/test-api-server.ts'
import { writeServingCertificate } from '../../packages/crdconv/src/test-api-server/test-api-server-certificates.ts'
import { buildCustomResourceDefinition } from '../../packages/crdconv/src/crd/index.ts'
import { createApp } from '../../packages/webhook/src/http/index.ts'
import { parseJson, stringifyJson } from '../../packages/webhook/src/json/index.ts'
import { startNodeServer } from '../../packages/webhook/src/platform/node/index.ts'
import type { KubeObject, Resource, Scheme } from '../../packages/webhook/src/scheme/index.ts'
import { API_SERVER_START_MS, type ApiServerRelease } from './api-server.ts'
import { kubectlOk } from './kubectl.ts'
import { sharedTestApiServer } from './shared-api-server.ts'
import { adminTls } from './admin-tls.ts'

/** One answer of the API server: its status and its body, parsed when it is JSON. */
export interface ApiAnswer {
  readonly status: number
  readonly body: unknown
}

export interface SchemeLab {
  readonly server: TestApiServer
  /** One request as the admin, on a kept-alive connection; never throws on status. */
  readonly api: (method: string, path: string, body?: unknown) => Promise<ApiAnswer>
  /** Creates `object` at its own apiVersion and answers it read back at `version`. */
  readonly createAndRead: (object: KubeObject, version: string) => Promise<KubeObject>
  /** Reads the object named like `object` at `version`. */
  readonly read: (object: KubeObject, version: string) => Promise<KubeObject>
  readonly stop: () => Promise<void>
}

/** The URL path of the object `name` of `resource` at `version` (or of its collection). */
export function objectPath(resource: Resource, version: string, name?: string): string {
  const namespace = resource.scope === 'Namespaced' ? '/namespaces/default' : ''
  const collection = `/apis/${resource.group}/${version}${namespace}/${resource.names.plural}`
  return name === undefined ? collection : `${collection}/${name}`
}

/** Starts the webhook serving `scheme`, the API server of `release`, and applies every CRD. */
export async function startSchemeLab(
  release: ApiServerRelease,
  scheme: Scheme
): Promise<SchemeLab> {
  const directory = mkdtempSync(join(tmpdir(), 'crdconv-scheme-lab-'))
  const started: { stop: () => Promise<void> }[] = []
  const stop = async () => {
    for (const one of started.reverse()) await one.stop()
    started.length = 0
    rmSync(directory, { recursive: true, force: true })
  }
  try {
    const tls = await writeServingCertificate(directory)
    const webhook = await startNodeServer({
      app: createApp({ allowUnauthenticated: true, scheme }),
      port: 0,
      hostname: '127.0.0.1',
      tls: { cert: readFileSync(tls.cert), key: readFileSync(tls.key) },
    })
    started.push({ stop: () => webhook.close() })
    const server = await sharedTestApiServer({ assets: release.assets })
    started.push(server)
    const caBundle = Buffer.from(readFileSync(tls.caCert, 'utf8')).toString('base64')
    for (const resource of scheme.resources) {
      const { crd, problems } = buildCustomResourceDefinition(resource, {
        url: `${webhook.url}/convert`,
        caBundle,
      })
      if (problems.length > 0) throw new Error(`CRD of ${resource.kind}: ${problems.join('; ')}`)
      await kubectlOk(server.kubeconfigPath, ['apply', '-f', '-'], JSON.stringify(crd))
      await kubectlOk(server.kubeconfigPath, [
        'wait',
        '--for',
        'condition=established',
        `crd/${crd.metadata.name}`,
      ])
    }
    const api = adminClient(server)
    started.push({ stop: async () => api.close() })
    const resourceOf = (object: KubeObject) => {
      const group = String(object.apiVersion).split('/')[0]
      const found = scheme.resources.find(
        (resource) => resource.kind === object.kind && resource.group === group
      )
      if (found === undefined) {
        throw new Error(`no resource of kind ${String(object.kind)} in ${group}`)
      }
      return found
    }
    const read = async (object: KubeObject, version: string) => {
      const name = (object.metadata as { name: string }).name
      const answer = await api.send('GET', objectPath(resourceOf(object), version, name))
      if (answer.status !== 200)
        throw new Error(`GET ${name} at ${version}: ${stringifyJson(answer.body)}`)
      return answer.body as KubeObject
    }
    const createAndRead = async (object: KubeObject, version: string) => {
      const own = String(object.apiVersion).split('/').pop() as string
      const created = await api.send('POST', objectPath(resourceOf(object), own), object)
      if (created.status !== 201) {
        throw new Error(`create at ${own}: ${created.status} ${stringifyJson(created.body)}`)
      }
      return read(object, version)
    }
    return { server, api: api.send, createAndRead, read, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

/** The suite's one lab, started in `beforeAll` and stopped in `afterAll`. */
export function schemeLabForSuite(release: ApiServerRelease, scheme: Scheme): SchemeLab {
  const lab = {} as { -readonly [Key in keyof SchemeLab]: SchemeLab[Key] }
  beforeAll(async () => {
    Object.assign(lab, await startSchemeLab(release, scheme))
  }, API_SERVER_START_MS)
  afterAll(() => lab.stop?.())
  return lab
}

function adminClient(server: TestApiServer) {
  const agent = new Agent({ keepAlive: true, maxSockets: 4 })
  const tls = adminTls(server)
  const send = (method: string, path: string, body?: unknown) =>
    new Promise<ApiAnswer>((resolve, reject) => {
      const text = body === undefined ? undefined : stringifyJson(body)
      const headers = text === undefined ? {} : { 'content-type': 'application/json' }
      const outgoing = request(
        `${server.url}${path}`,
        { method, headers, agent, ...tls },
        (response) => {
          const chunks: Buffer[] = []
          response.on('data', (chunk: Buffer) => chunks.push(chunk))
          response.on('end', () => {
            const raw = Buffer.concat(chunks).toString('utf8')
            let parsed: unknown = raw
            try {
              parsed = parseJson(raw)
            } catch {
              // not JSON: the text as it came
            }
            resolve({ status: response.statusCode ?? 0, body: parsed })
          })
          response.on('error', reject)
        }
      )
      outgoing.on('error', reject)
      outgoing.end(text)
    })
  return { send, close: () => agent.destroy() }
}
