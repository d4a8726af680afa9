/** `crdconv dev`: a local etcd and kube-apiserver serving the project's CRDs through its webhook, re-applied as the scheme changes. */
export {
  ENVTEST_DEFAULT_ASSETS,
  findClusterBinaries,
  HOW_TO_GET_BINARIES,
  kubernetesBinaryCache,
  type ClusterBinaries,
} from './cluster-binaries.ts'
export { rollOut, versionList, type Rollout, type WebhookEndpoint } from './crd-rollout.ts'
export {
  startDevSession,
  type DevPorts,
  type DevSession,
  type DevSessionOptions,
} from './dev-session.ts'
export { reviewLine } from './review-line.ts'
export { watchSources, SETTLE_MS } from './source-watch.ts'
export { switchableScheme, type SwitchableScheme } from './switchable-scheme.ts'
