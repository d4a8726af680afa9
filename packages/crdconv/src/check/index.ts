/** `crdconv check` against an API server: each CRD and converted objects sent as server-side dry-run creates. */
export {
  apiServerItem,
  clusterToCheck,
  NO_CLUSTER_LINE,
  type CheckCluster,
} from './check-on-cluster.ts'
export { answersOnApiServerItem } from './answers-on-cluster.ts'
