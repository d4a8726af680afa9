export {
  DEFAULT_NODE_PORT,
  nodeServer,
  startNodeServer,
  type NodeServerOptions,
  type NodeServerSettings,
  type RunningServer,
} from './node-server.ts'
