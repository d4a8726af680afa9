export { lambdaHandler } from './lambda-handler.ts'
