/** `crdconv check` against an API server: each CRD sent as a server-side dry-run create. */
export {
  addCheckClusterOptions,
  apiServerItem,
  clusterToCheck,
  NO_CLUSTER_LINE,
  type CheckClusterOptions,
} from './check-on-cluster.ts'
