// The webhook on AWS Lambda as a CDK construct: the project's Lambda entry bundled by esbuild,
// behind a public Function URL whose secret path segment is the token, with the URL for the CRD's
// `clientConfig.url` as a stack output: without the token, which no stack output may hold (NoEcho
// masks parameters, never outputs).
import { CfnOutput, CfnParameter, Duration, Fn, RemovalPolicy } from 'aws-cdk-lib'
import {
  Architecture,
  FunctionUrlAuthType,
  InvokeMode,
  Runtime,
  type FunctionUrl,
} from 'aws-cdk-lib/aws-lambda'
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs'
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs'
import { MIN_TOKEN_LENGTH, SETTING_VARIABLES } from '@crdconv/webhook/http'
import { Construct } from 'constructs'
import { DEFAULT_RESERVED_CONCURRENCY } from './reserved-concurrency.ts'

/** What a conversion webhook function is made from; only `entry` is required. */
export interface ConversionWebhookFunctionProps {
  /** The module that exports `handler = lambdaHandler(scheme)`, e.g. `src/lambda.ts`. */
  readonly entry: string
  /**
   * The path token (at least 32 of `A-Z a-z 0-9 . _ ~ -`). Default: the stack parameter
   * `ConvertToken` (NoEcho), given at deploy time: `cdk deploy --parameters ConvertToken=…`.
   */
  readonly token?: string
  /** Default 1024 MB: Lambda's CPU grows with memory, and parsing a large review is CPU-bound. */
  readonly memorySize?: number
  /** Default 30 s: the API server gives up on a conversion after 30 s, so longer helps no one. */
  readonly timeout?: Duration
  /**
   * Default 20 (`DEFAULT_RESERVED_CONCURRENCY`): the most instances at once, so that a flood of
   * requests, even of 404s, cannot use up the account's concurrency that other functions share.
   * `null` leaves the function unreserved.
   */
  readonly reservedConcurrency?: number | null
  /** Default one month. */
  readonly logRetention?: RetentionDays
  /** Further `CONVERT_*` settings, e.g. `{ CONVERT_MAX_OBJECTS: '500' }`. */
  readonly environment?: Readonly<Record<string, string>>
  /** Default `WebhookUrl`: the stack output that holds the URL up to `/convert`, without the token. */
  readonly outputName?: string
}

// the stack parameter that holds the token when none is given
const TOKEN_PARAMETER = 'ConvertToken'

/**
 * A conversion webhook on AWS Lambda: a Node.js 22 function on arm64 bundled from the project's
 * Lambda entry with esbuild (installed locally: no Docker), a Function URL with `AuthType: NONE`
 * (the API server sends no credentials), the path token in the function's environment, a log group
 * with a retention, and the stack output `WebhookUrl`: `https://<id>.lambda-url.<region>.on.aws/convert`,
 * to which `npx crdconv crd --url …` adds the project's token for the CRD's `clientConfig.url`.
 *
 * @example
 * ```ts
 * // cdk/app.ts
 * const app = new App()
 * const stack = new Stack(app, 'CronTabConversionWebhook')
 * new ConversionWebhookFunction(stack, 'Webhook', { entry: 'src/lambda.ts' })
 * ```
 */
export class ConversionWebhookFunction extends Construct {
  readonly function: NodejsFunction
  readonly functionUrl: FunctionUrl
  /** The URL up to `/convert`, without the path token (a CloudFormation token until deployed). */
  readonly webhookUrl: string

  constructor(scope: Construct, id: string, props: ConversionWebhookFunctionProps) {
    super(scope, id)
    const token = props.token ?? tokenParameter(this).valueAsString
    const logGroup = new LogGroup(this, 'Logs', {
      retention: props.logRetention ?? RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    })
    this.function = new NodejsFunction(this, 'Function', {
      entry: props.entry,
      handler: 'handler',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 1024,
      timeout: props.timeout ?? Duration.seconds(30),
      ...(props.reservedConcurrency === null
        ? {}
        : {
            reservedConcurrentExecutions: props.reservedConcurrency ?? DEFAULT_RESERVED_CONCURRENCY,
          }),
      logGroup,
      environment: { ...props.environment, [SETTING_VARIABLES.tokens[0]]: token },
      bundling: {
        format: OutputFormat.ESM,
        target: 'node22',
        minify: true,
        sourceMap: false,
        mainFields: ['module', 'main'],
        forceDockerBundling: false,
      },
    })
    this.functionUrl = this.function.addFunctionUrl({
      authType: FunctionUrlAuthType.NONE,
      invokeMode: InvokeMode.BUFFERED,
    })
    // the Function URL ends in a slash
    this.webhookUrl = Fn.join('', [this.functionUrl.url, 'convert'])
    new CfnOutput(this, 'Url', {
      key: props.outputName ?? 'WebhookUrl',
      description: 'The webhook without its token: npx crdconv crd --url <this> adds the token',
      value: this.webhookUrl,
    })
  }
}

function tokenParameter(scope: Construct): CfnParameter {
  const parameter = new CfnParameter(scope, 'ConvertToken', {
    type: 'String',
    noEcho: true,
    minLength: MIN_TOKEN_LENGTH,
    allowedPattern: '[A-Za-z0-9._~-]+',
    constraintDescription: `at least ${MIN_TOKEN_LENGTH} of A-Z a-z 0-9 . _ ~ - (openssl rand -hex 24)`,
    description: 'The path token: the secret last segment of the webhook URL',
  })
  parameter.overrideLogicalId(TOKEN_PARAMETER)
  return parameter
}
