// In a pod the cluster client uses the pod's service account. Here the "pod" is a folder laid out
// as the kubelet mounts /var/run/secrets/kubernetes.io/serviceaccount, holding a real token from
// the TokenRequest API of a real kube-apiserver, its CA and a namespace.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  ClusterError,
  readCustomResourceDefinition,
  SERVICE_ACCOUNT_DIRECTORY,
  type ClusterClient,
} from '../../../packages/crdconv/src/cluster-client/index.ts'
import { connectToCluster } from '../../../packages/crdconv/src/cluster-client/connect-to-cluster.ts'
import { migrateStorage } from '../../../packages/crdconv/src/lifecycle/index.ts'
import type { TestApiServer } from '../../../packages/crdconv/src/test-api-server/test-api-server.ts'
import { API_SERVER_START_MS, describeWithApiServer } from '../../support/api-server.ts'
import { crdInput } from '../../support/crd-factory.ts'
import { withEnvironment } from '../../support/environment.ts'
import { kubectlOk } from '../../support/kubectl.ts'
import { crdconv } from '../cli/run-cli.ts'
import { cronTabStage } from './fixtures/crontab-stages.ts'
import { sharedTestApiServer } from '../../support/shared-api-server.ts'

const NAMESPACE = 'crdconv-system'
const CRD = 'things.example.com'
const GET_CRD = `get customresourcedefinitions.apiextensions.k8s.io ${CRD}`
const crontabFixture = (storage: 'v1beta1' | 'v1') =>
  join(import.meta.dirname, 'fixtures', `crontab-${storage}-storage.ts`)

describeWithApiServer(
  'connectToCluster in a pod (in-cluster config) on a real API server',
  (release) => {
    let server: TestApiServer
    const root = mkdtempSync(join(tmpdir(), 'crdconv-in-cluster-'))
    const kube = (args: readonly string[], input?: string) =>
      kubectlOk(server.kubeconfigPath, args, input)

    beforeAll(async () => {
      server = await sharedTestApiServer({ assets: release.assets })
      await kube(['apply', '-f', '-'], JSON.stringify(crdInput()))
      await kube(['wait', '--for', 'condition=established', `crd/${CRD}`])
      await kube(['create', 'namespace', NAMESPACE])
      for (const account of ['reader', 'nobody']) {
        await kube(['create', 'serviceaccount', account, '--namespace', NAMESPACE])
      }
      await kube([
        'create',
        'clusterrole',
        'crd-reader',
        '--verb=get',
        '--resource=customresourcedefinitions.apiextensions.k8s.io',
      ])
      await kube([
        'create',
        'clusterrolebinding',
        'reader-reads-crds',
        '--clusterrole=crd-reader',
        `--serviceaccount=${NAMESPACE}:reader`,
      ])
    }, API_SERVER_START_MS)

    afterAll(async () => {
      await server?.stop()
      rmSync(root, { recursive: true, force: true })
    })

    /** A token of the TokenRequest API (`kubectl create token` posts to …/serviceaccounts/NAME/token). */
    const requestToken = async (account: string, ...options: string[]) =>
      (await kube(['create', 'token', account, '--namespace', NAMESPACE, ...options])).trim()

    /** The kubelet's mount of a service account under a folder of its own; answers that folder. */
    const mountServiceAccount = (pod: string, token: string): string => {
      const cluster = (server.kubeconfig['clusters'] as { cluster: Record<string, string> }[])[0]
      const ca = Buffer.from(cluster?.cluster['certificate-authority-data'] ?? '', 'base64')
      const directory = join(root, pod, SERVICE_ACCOUNT_DIRECTORY)
      mkdirSync(directory, { recursive: true })
      writeFileSync(join(directory, 'token'), token)
      writeFileSync(join(directory, 'ca.crt'), ca)
      writeFileSync(join(directory, 'namespace'), NAMESPACE)
      return join(root, pod)
    }

    /** Connects as a pod would (no kubeconfig, the kubelet's service variables) and runs `body`. */
    const asPod = <T>(pathPrefix: string, body: (client: ClusterClient) => Promise<T>) =>
      withEnvironment(
        {
          KUBECONFIG: undefined,
          HOME: join(root, 'home-without-kube-config'),
          KUBERNETES_SERVICE_HOST: '127.0.0.1',
          KUBERNETES_SERVICE_PORT: new URL(server.url).port,
        },
        () => body(connectToCluster({ inClusterPathPrefix: pathPrefix }))
      )
    const readAsPod = (pathPrefix: string) =>
      asPod(pathPrefix, async (client) => ({
        client,
        crd: await readCustomResourceDefinition(client, CRD),
      }))

    it('reads a CRD as the pod’s service account, and says it is in-cluster', async () => {
      const pod = mountServiceAccount('reader-pod', await requestToken('reader'))
      const { client, crd } = await readAsPod(pod)
      expect(crd?.metadata?.name).toBe(CRD)
      expect(crd?.status?.storedVersions).toEqual(['v1'])
      expect(client).toMatchObject({
        server: server.url,
        contextName: 'inClusterContext',
        serviceAccount: {
          name: `${NAMESPACE}/reader`,
          tokenFile: join(pod, SERVICE_ACCOUNT_DIRECTORY, 'token'),
        },
      })
      expect(client.kubeConfig.getContextObject(client.contextName)?.namespace).toBe(NAMESPACE)
    })

    it('names the service account, its token file and the fix when the API server refuses the token', async () => {
      const token = await requestToken('reader', '--audience=https://vault.example.com')
      const pod = mountServiceAccount('wrong-audience-pod', token)
      const refusal = await readAsPod(pod).catch((error: unknown) => error)
      expect(refusal).toBeInstanceOf(ClusterError)
      expect((refusal as Error).message).toBe(
        `the API server at ${server.url} (context inClusterContext) refused the token of service account ${NAMESPACE}/reader ` +
          `(${join(pod, SERVICE_ACCOUNT_DIRECTORY, 'token')}) for ${GET_CRD}: ` +
          "the token expired, was made for another audience or outlived its service account; check the pod's serviceAccountName and its mounted token"
      )
    })

    it('names the verb, the resource and the service account RBAC forbids', async () => {
      const pod = mountServiceAccount('nobody-pod', await requestToken('nobody'))
      const refusal = await readAsPod(pod).catch((error: unknown) => error)
      expect(refusal).toBeInstanceOf(ClusterError)
      const message = (refusal as Error).message
      expect(message).toContain(
        `RBAC forbids get on customresourcedefinitions.apiextensions.k8s.io for service account ${NAMESPACE}/nobody: `
      )
      expect(message).toContain(`User "system:serviceaccount:${NAMESPACE}:nobody" cannot get`)
      expect(message).toContain('bind it to that service account')
    })

    it('names the service account when RBAC forbids what migrate needs, writing nothing', async () => {
      const closed = 'https://127.0.0.1:9/convert'
      for (const storage of ['v1beta1', 'v1'] as const) {
        const generated = await crdconv([
          'crd',
          '--scheme',
          crontabFixture(storage),
          '--url',
          closed,
        ])
        expect(generated.code).toBe(0)
        await kube(['apply', '-f', '-'], generated.stdout)
      }
      const storedVersions = () =>
        kube(['get', 'crd', 'crontabs.example.com', '-o', 'jsonpath={.status.storedVersions}'])
      const before = await storedVersions()
      expect(before).toBe('["v1beta1","v1"]')
      const pod = mountServiceAccount('migrator-pod', await requestToken('reader'))
      const migrate = asPod(pod, (client) =>
        migrateStorage(client, cronTabStage({ storage: 'v1' }), {
          concurrency: 1,
          pageSize: 10,
          dryRun: false,
        })
      )
      await expect(migrate).rejects.toMatchObject({ code: 'permissions-missing' })
      await expect(migrate).rejects.toThrow(
        new ClusterError(
          'permissions-missing',
          `RBAC forbids list crontabs.example.com and update crontabs.example.com and update customresourcedefinitions.apiextensions.k8s.io/status for service account ${NAMESPACE}/reader: ` +
            'grant them (a ClusterRole bound to that service account); nothing was written'
        )
      )
      expect(await storedVersions()).toBe(before)
    })
  }
)
