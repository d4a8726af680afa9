/** The webhook as an AWS Lambda handler behind a Function URL. */
export { lambdaHandler } from './lambda-handler.ts'
