/** A real kube-apiserver and etcd for tests, started from envtest-style binaries.
 * @module
 */
export {
  startTestApiServer,
  testApiServerAssets,
  type EtcdEntry,
  type KubernetesVersion,
  type StoppedOnItsOwn,
  type TestApiServer,
  type TestApiServerOptions,
} from './test-api-server.ts'
export { writeServingCertificate, type ServingCertificate } from './test-api-server-certificates.ts'
export { parseKubernetesVersion } from './test-api-server-version.ts'
export { portIsFree } from './test-api-server-processes.ts'
