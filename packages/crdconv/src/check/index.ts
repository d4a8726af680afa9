/** `crdconv check` against an API server: each CRD sent as a server-side dry-run create. */
export {
  apiServerItem,
  clusterToCheck,
  NO_CLUSTER_LINE,
  type CheckCluster,
} from './check-on-cluster.ts'
