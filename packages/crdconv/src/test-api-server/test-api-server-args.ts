// The command lines of etcd, kube-apiserver and kube-controller-manager as the test API server
// starts them, and the kubeconfig it writes; flags that differ between releases follow `version`.
import { join } from 'node:path'
import type { ClientTls } from './test-api-server-http.ts'
import type { TestApiServerCertificates } from './test-api-server-certificates.ts'
import type { KubernetesVersion } from './test-api-server-version.ts'

export function etcdArgs(dataDir: string, clientUrl: string, peerPort: number): string[] {
  const peerUrl = `http://127.0.0.1:${peerPort}`
  return [
    '--name=test',
    `--data-dir=${join(dataDir, 'etcd')}`,
    `--listen-client-urls=${clientUrl}`,
    `--advertise-client-urls=${clientUrl}`,
    `--listen-peer-urls=${peerUrl}`,
    `--initial-advertise-peer-urls=${peerUrl}`,
    `--initial-cluster=test=${peerUrl}`,
    '--initial-cluster-state=new',
  ]
}

export interface ExtraServerFlags {
  /** `--feature-gates`, on both the API server and the controller manager. */
  readonly featureGates?: Readonly<Record<string, boolean>>
  /** `--runtime-config` of the API server: `storagemigration.k8s.io/v1beta1=true`. */
  readonly runtimeConfig?: readonly string[]
  /** `--request-timeout` of the API server, in seconds: how long a non-long-running request may take; default 60. */
  readonly requestTimeoutSeconds?: number
}

export function apiServerArgs(
  version: KubernetesVersion,
  dataDir: string,
  port: number,
  etcdUrl: string,
  certs: TestApiServerCertificates,
  extra: ExtraServerFlags
): string[] {
  return [
    '--advertise-address=127.0.0.1',
    '--bind-address=127.0.0.1',
    `--secure-port=${port}`,
    // removed in 1.24; before, the API server also listened on plain HTTP without it
    ...(version.minor < 24 ? ['--insecure-port=0'] : []),
    `--etcd-servers=${etcdUrl}`,
    `--cert-dir=${join(dataDir, 'apiserver-certs')}`,
    `--tls-cert-file=${certs.servingCert}`,
    `--tls-private-key-file=${certs.servingKey}`,
    `--client-ca-file=${certs.caCert}`,
    '--service-account-issuer=https://kubernetes.default.svc.cluster.local',
    `--service-account-key-file=${certs.serviceAccountPublicKey}`,
    `--service-account-signing-key-file=${certs.serviceAccountKey}`,
    '--service-cluster-ip-range=10.0.0.0/24',
    '--endpoint-reconciler-type=none',
    '--authorization-mode=RBAC',
    '--disable-admission-plugins=ServiceAccount',
    '--profiling=false',
    ...featureGateArgs(extra),
    ...(extra.runtimeConfig?.length ? [`--runtime-config=${extra.runtimeConfig.join(',')}`] : []),
    ...(extra.requestTimeoutSeconds === undefined
      ? []
      : [`--request-timeout=${extra.requestTimeoutSeconds}s`]),
  ]
}

export function controllerManagerArgs(
  kubeconfigPath: string,
  controllers: readonly string[],
  extra: ExtraServerFlags
): string[] {
  return [
    `--kubeconfig=${kubeconfigPath}`,
    `--controllers=${controllers.join(',')}`,
    '--leader-elect=false',
    '--bind-address=127.0.0.1',
    '--secure-port=0',
    ...featureGateArgs(extra),
  ]
}

function featureGateArgs(extra: ExtraServerFlags): string[] {
  const gates = Object.entries(extra.featureGates ?? {})
  return gates.length === 0
    ? []
    : [`--feature-gates=${gates.map(([gate, on]) => `${gate}=${on}`).join(',')}`]
}

export function kubeconfigObject(
  url: string,
  tls: Required<ClientTls>,
  user: string,
  name = 'crdconv-test'
): Record<string, unknown> {
  const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64')
  return {
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [
      {
        name,
        cluster: { server: url, 'certificate-authority-data': base64(tls.ca) },
      },
    ],
    users: [
      {
        name: user,
        user: {
          'client-certificate-data': base64(tls.cert),
          'client-key-data': base64(tls.key),
        },
      },
    ],
    contexts: [{ name, context: { cluster: name, user } }],
    'current-context': name,
  }
}
