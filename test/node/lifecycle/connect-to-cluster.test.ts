import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { stringify } from 'yaml'
import {
  ClusterError,
  SERVICE_ACCOUNT_DIRECTORY,
} from '../../../packages/crdconv/src/cluster-client/index.ts'
import { connectToCluster } from '../../../packages/crdconv/src/cluster-client/connect-to-cluster.ts'
import { withEnvironment } from '../../support/environment.ts'

const directory = mkdtempSync(join(tmpdir(), 'crdconv-connect-'))

/** A kubeconfig with one context per name, each on its own server. */
function kubeconfigWith(file: string, contexts: readonly string[], current: string): string {
  const path = join(directory, file)
  writeFileSync(
    path,
    stringify({
      apiVersion: 'v1',
      kind: 'Config',
      clusters: contexts.map((name, index) => ({
        name,
        cluster: { server: `https://10.0.0.${index + 1}:6443` },
      })),
      users: [{ name: 'me', user: { token: 'not-a-secret' } }],
      contexts: contexts.map((name) => ({ name, context: { cluster: name, user: 'me' } })),
      'current-context': current,
    })
  )
  return path
}

describe('connectToCluster', () => {
  it('reads KUBECONFIG and its current context, and --context picks another', async () => {
    const KUBECONFIG = kubeconfigWith('two.yaml', ['dev', 'prod'], 'dev')
    await withEnvironment({ KUBECONFIG }, () => {
      expect(connectToCluster()).toMatchObject({
        contextName: 'dev',
        server: 'https://10.0.0.1:6443',
      })
      expect(connectToCluster({ context: 'prod' })).toMatchObject({
        contextName: 'prod',
        server: 'https://10.0.0.2:6443',
      })
    })
  })

  it('lets --kubeconfig override KUBECONFIG', async () => {
    const KUBECONFIG = kubeconfigWith('env.yaml', ['from-env'], 'from-env')
    const file = kubeconfigWith('flag.yaml', ['from-flag'], 'from-flag')
    await withEnvironment({ KUBECONFIG }, () => {
      expect(connectToCluster({ kubeconfig: file }).contextName).toBe('from-flag')
    })
  })

  it('names a KUBECONFIG that points at no file', async () => {
    const KUBECONFIG = join(directory, 'nowhere.yaml')
    await withEnvironment({ KUBECONFIG }, () => {
      expect(() => connectToCluster()).toThrow(
        expect.objectContaining({
          code: 'kubeconfig-missing',
          message: `KUBECONFIG=${KUBECONFIG} names no file that exists`,
        })
      )
    })
  })
})

describe('connectToCluster in a pod', () => {
  const pod = { KUBERNETES_SERVICE_HOST: '10.96.0.1', KUBERNETES_SERVICE_PORT: '443' }
  /** A service-account mount under a folder of its own, as the kubelet lays it out. */
  const mounted = (name: string) => {
    const mount = join(directory, name, SERVICE_ACCOUNT_DIRECTORY)
    mkdirSync(mount, { recursive: true })
    for (const file of ['token', 'ca.crt', 'namespace']) writeFileSync(join(mount, file), 'x')
    return join(directory, name)
  }

  it('uses the service account without a kubeconfig, and prefers ~/.kube/config to it, as kubectl does', async () => {
    const home = join(directory, 'home')
    mkdirSync(join(home, '.kube'), { recursive: true })
    const config = kubeconfigWith('home-config.yaml', ['laptop'], 'laptop')
    writeFileSync(join(home, '.kube', 'config'), readFileSync(config))
    const inClusterPathPrefix = mounted('pod-with-home')
    const client = await withEnvironment({ ...pod, KUBECONFIG: undefined, HOME: home }, () =>
      connectToCluster({ inClusterPathPrefix })
    )
    expect(client.contextName).toBe('laptop')
    expect(client.serviceAccount).toBeUndefined()

    const withoutHome = await withEnvironment(
      { ...pod, KUBECONFIG: undefined, HOME: join(directory, 'empty-home') },
      () => connectToCluster({ inClusterPathPrefix })
    )
    expect(withoutHome).toMatchObject({
      contextName: 'inClusterContext',
      server: 'https://10.96.0.1:443',
      serviceAccount: { tokenFile: `${inClusterPathPrefix}${SERVICE_ACCOUNT_DIRECTORY}/token` },
    })
  })

  it('names what is missing when KUBERNETES_SERVICE_HOST is set but no service account is mounted', async () => {
    const empty = join(directory, 'pod-without-mount')
    const connect = () =>
      withEnvironment(
        { ...pod, KUBERNETES_SERVICE_PORT: undefined, KUBECONFIG: undefined, HOME: empty },
        () => connectToCluster({ inClusterPathPrefix: empty })
      )
    const mount = `${empty}${SERVICE_ACCOUNT_DIRECTORY}`
    await expect(connect()).rejects.toThrow(
      new ClusterError(
        'service-account-missing',
        `no kubeconfig, and KUBERNETES_SERVICE_HOST is set as in a pod, but KUBERNETES_SERVICE_PORT, ${mount}/token, ${mount}/ca.crt are missing: ` +
          'mount the service account (automountServiceAccountToken: true on the pod or its service account), or pass --kubeconfig FILE or set KUBECONFIG'
      )
    )
    await expect(connect()).rejects.toMatchObject({ code: 'service-account-missing' })
  })
})
