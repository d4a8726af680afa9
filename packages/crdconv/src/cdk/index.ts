/** `crdconv/cdk`: the conversion webhook on AWS Lambda as an AWS CDK v2 construct.
 * @module
 */
export {
  ConversionWebhookFunction,
  type ConversionWebhookFunctionProps,
} from './conversion-webhook-function.ts'
export { DEFAULT_RESERVED_CONCURRENCY } from './reserved-concurrency.ts'
