// Requests to a test API server as its admin (the client certificate of its kubeconfig) on
// kept-alive connections, timed; and the CRDs of the bench: crdconv's CronTab in example.com, and
// the same CRD in a second group for the bare webhook.
import { Agent } from 'node:https'
import { parseAllDocuments } from 'yaml'
import type { TestApiServer } from '../../packages/crdconv/src/test-api-server/test-api-server.ts'
import { runCli } from '../../packages/crdconv/src/cli/main.ts'
import { requestText } from '../../packages/crdconv/src/http-client/index.ts'
import { repoRoot } from '../bench-support.ts'

export interface Answer {
  readonly status: number
  readonly body: string
  /** Wall time of the request, in ms. */
  readonly ms: number
}

export type Api = (method: string, path: string, body?: unknown, type?: string) => Promise<Answer>

/** An admin client of `server`; `close()` ends its connections. */
export function apiClient(server: TestApiServer): { api: Api; close: () => void } {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 })
  const user = (server.kubeconfig['users'] as { user: Record<string, string> }[])[0]?.user ?? {}
  const cluster = (server.kubeconfig['clusters'] as { cluster: Record<string, string> }[])[0]
  const pem = (base64: string | undefined) => Buffer.from(base64 ?? '', 'base64').toString('utf8')
  const tls = {
    ca: pem(cluster?.cluster['certificate-authority-data']),
    cert: pem(user['client-certificate-data']),
    key: pem(user['client-key-data']),
  }
  const api: Api = async (method, path, body, type = 'application/json') => {
    const startedAt = performance.now()
    const { status, body: text } = await requestText(`${server.url}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': type },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      agent,
      ...tls,
      timeoutMs: 300_000,
      timeoutMessage: `${method} ${path}: no answer from the API server in 300 s`,
    })
    return { status, body: text, ms: performance.now() - startedAt }
  }
  return { api, close: () => agent.destroy() }
}

/** Throws unless the API server answered 2xx. */
export function ok(answer: Answer, what: string): Answer {
  if (answer.status >= 300) {
    throw new Error(`${what}: HTTP ${answer.status}: ${answer.body.slice(0, 1000)}`)
  }
  return answer
}

/** The CronTab CRD of the examples (`crdconv crd --scheme examples/scheme.ts`), webhook at `url`. */
export async function exampleCronTabCrd(
  url: string,
  caBundle: string
): Promise<Record<string, unknown>> {
  let stdout = ''
  let stderr = ''
  const code = await runCli(
    ['crd', '--scheme', 'examples/scheme.ts', '--url', url, '--ca-bundle', caBundle],
    {
      stdout: (text) => void (stdout += text),
      stderr: (text) => void (stderr += text),
      readStdin: async () => '',
      cwd: repoRoot,
    }
  )
  if (code !== 0) throw new Error(`crdconv crd failed (${code}): ${stderr}`)
  const crd = parseAllDocuments(stdout)
    .map((document) => document.toJS() as Record<string, unknown>)
    .find((one) => (one['metadata'] as { name?: string })?.name === 'crontabs.example.com')
  if (crd === undefined) throw new Error('crdconv crd printed no crontabs.example.com')
  return crd
}

/** The same CRD in another `group`, for the bare webhook (which converts any group). */
export function inGroup(crd: Record<string, unknown>, group: string): Record<string, unknown> {
  const copy = structuredClone(crd) as {
    metadata: { name: string }
    spec: { group: string; names: { plural: string } }
  }
  copy.spec.group = group
  copy.metadata = { name: `${copy.spec.names.plural}.${group}` }
  return copy
}

/** Creates `crd` and waits until it is established and its resource answers a LIST. */
export async function applyCrd(
  api: Api,
  crd: Record<string, unknown>,
  listPath: string
): Promise<void> {
  ok(await api('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', crd), 'CRD')
  const deadline = Date.now() + 60_000
  while ((await api('GET', listPath)).status !== 200) {
    if (Date.now() > deadline) throw new Error(`${listPath} never answered after the CRD`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
