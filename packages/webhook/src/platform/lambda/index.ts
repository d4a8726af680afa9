/** The webhook as an AWS Lambda handler behind a Function URL.
 * @module
 */
export { lambdaHandler } from './lambda-handler.ts'
