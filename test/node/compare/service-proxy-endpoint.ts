// A Service the API server's service proxy reaches, with no kubelet and no controllers: the proxy
// sends a request for a Service to one of its endpoints, and only to an endpoint whose Pod has
// that IP (v1.20 reads Endpoints, the current release EndpointSlices), never to loopback. So the
// objects a cluster would hold are written by hand: a Pod with the address as its IP, the Service,
// and its endpoints at the address.
import { networkInterfaces } from 'node:os'
import type { PoolTakeoverCluster } from './pool-takeover-cluster.ts'

/** An IPv4 address of this machine that is not loopback, which the service proxy may reach. */
export function proxyableAddress(): string | undefined {
  const addresses = Object.values(networkInterfaces()).flatMap((each) => each ?? [])
  return addresses.find((address) => address.family === 'IPv4' && !address.internal)?.address
}

/**
 * Service `namespace/name`, port 443 (named `https`), whose one endpoint is `address:port`, a Pod
 * of that IP behind it.
 */
export async function serviceWithEndpoint(
  cluster: Pick<PoolTakeoverCluster, 'api'>,
  target: { namespace: string; name: string; address: string; port: number }
): Promise<void> {
  const { namespace, name, address, port } = target
  const pod = `${name}-0`
  const targetRef = { kind: 'Pod', namespace, name: pod }
  const core = `/api/v1/namespaces/${namespace}`
  const send = async (method: string, path: string, body: unknown, type?: string) => {
    const answer = await cluster.api(method, path, body, type)
    if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${answer.body}`)
  }
  await send('POST', `${core}/pods`, {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: pod, namespace },
    spec: { containers: [{ name: 'webhook', image: 'pool-webhook' }] },
  })
  await send(
    'PATCH',
    `${core}/pods/${pod}/status`,
    { status: { podIP: address, podIPs: [{ ip: address }] } },
    'application/merge-patch+json'
  )
  await send('POST', `${core}/services`, {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name, namespace },
    spec: { ports: [{ name: 'https', port: 443, targetPort: port }] },
  })
  await send('POST', `${core}/endpoints`, {
    apiVersion: 'v1',
    kind: 'Endpoints',
    metadata: { name, namespace },
    subsets: [{ addresses: [{ ip: address, targetRef }], ports: [{ name: 'https', port }] }],
  })
  const discovery = await cluster.api('GET', '/apis/discovery.k8s.io/v1')
  if (discovery.status !== 200) return
  await send('POST', `/apis/discovery.k8s.io/v1/namespaces/${namespace}/endpointslices`, {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: { name, namespace, labels: { 'kubernetes.io/service-name': name } },
    addressType: 'IPv4',
    endpoints: [{ addresses: [address], targetRef }],
    ports: [{ name: 'https', port, protocol: 'TCP' }],
  })
}
