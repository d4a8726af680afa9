// The admin's TLS material a test API server's kubeconfig carries, for requests without kubectl
import { Agent } from 'node:https'
import { requestText } from '../../packages/crdconv/src/http-client/index.ts'
import type { TestApiServer } from '../../packages/crdconv/src/test-api-server/index.ts'

/** The CA, client certificate and key of `server`'s admin kubeconfig, as PEM text. */
export function adminTls(server: TestApiServer): { ca: string; cert: string; key: string } {
  const user = (server.kubeconfig['users'] as { user: Record<string, string> }[])[0]?.user ?? {}
  const cluster = (server.kubeconfig['clusters'] as { cluster: Record<string, string> }[])[0]
  const pem = (base64: string | undefined) => Buffer.from(base64 ?? '', 'base64').toString('utf8')
  return {
    ca: pem(cluster?.cluster['certificate-authority-data']),
    cert: pem(user['client-certificate-data']),
    key: pem(user['client-key-data']),
  }
}

/** What the API server answered: its status and its body as text. */
export interface ApiAnswer {
  readonly status: number
  readonly body: string
}

/** One request as the admin: `body` sent as JSON, of `type` (default `application/json`). */
export type AdminApi = (
  method: string,
  path: string,
  body?: unknown,
  type?: string
) => Promise<ApiAnswer>

/**
 * Requests to `server` as its admin on kept-alive connections (at most `maxSockets`), each waiting
 * up to 120 s, never throwing on a status; `close()` ends the connections.
 */
export function adminApi(server: TestApiServer, maxSockets = 16): { api: AdminApi; close(): void } {
  const agent = new Agent({ keepAlive: true, maxSockets })
  const clientTls = adminTls(server)
  const api: AdminApi = async (method, path, body, type = 'application/json') => {
    const { status, body: text } = await requestText(`${server.url}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': type },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      agent,
      ...clientTls,
      timeoutMs: 120_000,
      timeoutMessage: `${method} ${path}: no answer from the API server in 120 s`,
    })
    return { status, body: text }
  }
  return { api, close: () => agent.destroy() }
}
