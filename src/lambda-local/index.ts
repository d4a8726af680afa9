export {
  functionUrlEvent,
  functionUrlResponse,
  type FunctionUrlRequest,
  type FunctionUrlResponse,
} from './function-url-event.ts'
export {
  startLambdaLocalServer,
  type FunctionUrlHandler,
  type LambdaLocalServerOptions,
} from './lambda-local-server.ts'
