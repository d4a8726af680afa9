/** `crdconv/cdk`: the conversion webhook on AWS Lambda as an AWS CDK v2 construct. */
export {
  ConversionWebhookFunction,
  DEFAULT_RESERVED_CONCURRENCY,
  type ConversionWebhookFunctionProps,
} from './conversion-webhook-function.ts'
