// The files that deploy the project to AWS Lambda, as `init --aws` chose: a SAM template built by
// `sam build` (esbuild), a CDK app built on `crdconv/cdk`, or both; and their scripts and tools.
import { deploysWith, type InitOptions } from './init-options.ts'
import { DEFAULT_RESERVED_CONCURRENCY } from '../cdk/reserved-concurrency.ts'
import { PROJECT_TOKEN_IN_SCRIPT } from '../path-token/index.ts'
import { AWS_CDK_CLI, type ToolVersions } from './tool-versions.ts'
import { needsOnPath, SAM_CLI } from './script-prerequisites.ts'

/** `template.yaml` and/or `cdk.json` with `cdk/app.ts`, by the project's `aws` answer. */
export function lambdaDeployFiles(options: InitOptions): Readonly<Record<string, string>> {
  return {
    ...(deploysWith(options.aws, 'sam') ? { 'template.yaml': TEMPLATE_YAML } : {}),
    ...(deploysWith(options.aws, 'cdk')
      ? { 'cdk.json': CDK_JSON, 'cdk/app.ts': cdkApp(options.kind) }
      : {}),
  }
}

/** The package.json scripts that build and deploy to Lambda with the chosen tools. */
export function lambdaDeployScripts(options: InitOptions): Readonly<Record<string, string>> {
  return {
    ...(deploysWith(options.aws, 'sam')
      ? {
          'build:sam': `${needsOnPath('build:sam', SAM_CLI)} && sam validate --lint && sam build`,
          'deploy:sam': `npm run build:sam && sam deploy --guided --parameter-overrides ConvertToken=${PROJECT_TOKEN_IN_SCRIPT}`,
        }
      : {}),
    ...(deploysWith(options.aws, 'cdk')
      ? {
          'synth:cdk': `${CDK_COMMAND} synth`,
          'deploy:cdk': `${CDK_COMMAND} deploy --parameters ConvertToken=${PROJECT_TOKEN_IN_SCRIPT}`,
        }
      : {}),
  }
}

// The CDK command through npx, not a dev dependency: 29 MB of node_modules the app itself never
// imports, fetched once into npx's cache instead (docs/deploy.md has the sizes)
const CDK_COMMAND = `npx --yes --package aws-cdk@${AWS_CDK_CLI} cdk`

/**
 * The dev dependencies the CDK app needs, and no more: the construct library and its base, and
 * tsx, which cdk.json's app runs (crdconv depends on it already, so it costs no bytes). SAM is a
 * separate install, not an npm package.
 */
export function lambdaDeployDevDependencies(
  options: InitOptions,
  tools: ToolVersions
): Readonly<Record<string, string>> {
  if (!deploysWith(options.aws, 'cdk')) return {}
  return {
    'aws-cdk-lib': tools.awsCdkLib,
    constructs: tools.constructs,
    // runs cdk/app.ts, cdk.json's app
    tsx: tools.tsx,
  }
}

const TEMPLATE_YAML = `AWSTemplateFormatVersion: '2010-09-09'
Transform: AWS::Serverless-2016-10-31
Description: >-
  A Kubernetes CRD conversion webhook (crdconv) on AWS Lambda behind a public Function URL.
  Put the WebhookUrl output into the CRD with \`crdconv crd --url\`, which adds the token.

Parameters:
  # no default: a webhook without a token refuses /convert. npm run deploy:sam passes the one
  # in .dev.vars (crdconv init wrote it)
  ConvertToken:
    Type: String
    NoEcho: true
    MinLength: 32
    AllowedPattern: '[A-Za-z0-9._~-]+'
    ConstraintDescription: at least 32 of A-Z a-z 0-9 . _ ~ - (openssl rand -hex 24)
    Description: The path token, the secret last segment of the webhook URL

Resources:
  ConversionWebhook:
    Type: AWS::Serverless::Function
    Metadata:
      BuildMethod: esbuild
      BuildProperties:
        EntryPoints:
          - src/lambda.ts
        Format: esm
        OutExtension:
          - .js=.mjs
        Target: node22
        Minify: true
        Sourcemap: false
    Properties:
      CodeUri: .
      Handler: lambda.handler
      Runtime: nodejs22.x
      Architectures:
        - arm64
      # the API server waits 30 s for an answer
      Timeout: 30
      MemorySize: 1024
      # at most ${DEFAULT_RESERVED_CONCURRENCY} instances at once: a write makes about 10 reviews in flight, and a flood
      # (even of 404s) then cannot take the concurrency the account's other functions share. AWS
      # keeps 100 of an account's concurrency unreserved: a new account whose quota is 10 must
      # raise it, or delete this line
      ReservedConcurrentExecutions: ${DEFAULT_RESERVED_CONCURRENCY}
      Environment:
        Variables:
          CONVERT_TOKEN: !Ref ConvertToken
      FunctionUrlConfig:
        # the API server sends no credentials to a conversion webhook
        AuthType: NONE
        InvokeMode: BUFFERED

Outputs:
  WebhookUrl:
    Description: The webhook without its token (crdconv crd --url <this> adds it from .dev.vars)
    Value: !Sub '\${ConversionWebhookUrl.FunctionUrl}convert'
`

const CDK_JSON = `${JSON.stringify({ app: 'npx tsx cdk/app.ts', output: 'cdk.out' }, null, 2)}\n`

function cdkApp(kind: string): string {
  return `// The webhook on AWS Lambda with the CDK: \`npm run synth:cdk\`, then \`npm run deploy:cdk\`,
// which passes the token in .dev.vars as the NoEcho parameter ConvertToken. The WebhookUrl output
// holds no token: \`crdconv crd --url <WebhookUrl>\` adds it.
import { App, Stack } from 'aws-cdk-lib'
import { ConversionWebhookFunction } from 'crdconv/cdk'

const app = new App()
const stack = new Stack(app, '${kind}ConversionWebhook', {
  description: 'The ${kind} conversion webhook (crdconv) on AWS Lambda behind a Function URL',
})
new ConversionWebhookFunction(stack, 'ConversionWebhook', { entry: 'src/lambda.ts' })
`
}
