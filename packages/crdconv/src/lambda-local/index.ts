/** A local stand-in for a Lambda Function URL: payload 2.0 events, Lambda's limits. */
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
