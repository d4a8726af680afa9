// The admin's TLS material a test API server's kubeconfig carries, for requests without kubectl
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
