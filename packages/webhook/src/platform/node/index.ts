/** The webhook as a Node server (`@hono/node-server`), HTTP or HTTPS, with its own limits. */
export {
  DEFAULT_NODE_PORT,
  nodeServer,
  startNodeServer,
  type NodeServerOptions,
  type NodeServerSettings,
  type RunningServer,
} from './node-server.ts'
export {
  API_SERVER_IDLE_CONNECTION_SECONDS,
  DEFAULT_NODE_SERVER_LIMITS,
  NODE_SERVER_VARIABLES,
  readNodeServerLimits,
  type NodeServerLimits,
} from './node-server-limits.ts'
