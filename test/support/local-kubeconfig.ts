import { writeFileSync } from 'node:fs'
import { stringify } from 'yaml'

/**
 * Writes a kubeconfig at `path` for a plain-HTTP stand-in of the API server on loopback `port`,
 * with one context (and the user's credentials, if any): what client-node reads, as kubectl
 * would with `-s http://`.
 */
export function writeLocalKubeconfig(
  path: string,
  port: number,
  { context = 'local', user = {} }: { context?: string; user?: Record<string, string> } = {}
): string {
  writeFileSync(
    path,
    stringify({
      apiVersion: 'v1',
      kind: 'Config',
      // plain HTTP needs insecure-skip-tls-verify in client-node
      clusters: [
        {
          name: 'local',
          cluster: { server: `http://127.0.0.1:${port}`, 'insecure-skip-tls-verify': true },
        },
      ],
      users: [{ name: 'me', user }],
      contexts: [{ name: context, context: { cluster: 'local', user: 'me' } }],
      'current-context': context,
    })
  )
  return path
}

/**
 * Writes a kubeconfig at `path` whose current context, `gone`, names `server`, where nothing
 * answers (a `freePort()` on loopback): a cluster that is configured but cannot be reached.
 */
export function writeUnreachableKubeconfig(path: string, server: string): string {
  writeFileSync(
    path,
    stringify({
      apiVersion: 'v1',
      kind: 'Config',
      clusters: [{ name: 'gone', cluster: { server, 'insecure-skip-tls-verify': true } }],
      users: [{ name: 'nobody', user: { token: 'x' } }],
      contexts: [{ name: 'gone', context: { cluster: 'gone', user: 'nobody' } }],
      'current-context': 'gone',
    })
  )
  return path
}
