import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { App, Duration, Stack } from 'aws-cdk-lib'
import { Match, Template } from 'aws-cdk-lib/assertions'
import { RetentionDays } from 'aws-cdk-lib/aws-logs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ConversionWebhookFunction,
  type ConversionWebhookFunctionProps,
} from '../../../packages/crdconv/src/cdk/index.ts'
import { functionUrlEvent } from '../../support/lambda-events.ts'
import { REVIEW_V1 } from '../../support/review-factory.ts'
import { seedRequest, seedResponse } from '../../support/seed-examples.ts'

const TOKEN = 'cdk-test-token-0123456789abcdef0123'
const outdirs: string[] = []

/** A stack holding one webhook of `props` on the examples' Lambda entry, synthesized. */
function synthesize(props: Partial<ConversionWebhookFunctionProps> = {}) {
  const outdir = mkdtempSync(join(tmpdir(), 'crdconv-cdk-'))
  outdirs.push(outdir)
  const app = new App({ outdir })
  const stack = new Stack(app, 'Webhook')
  new ConversionWebhookFunction(stack, 'ConversionWebhook', {
    entry: 'examples/lambda.ts',
    ...props,
  })
  return { template: Template.fromStack(stack), assembly: app.synth() }
}

afterAll(() => outdirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

describe('ConversionWebhookFunction (crdconv/cdk)', { timeout: 60_000 }, () => {
  let template: Template
  let assemblyDir: string
  beforeAll(() => {
    const synthesized = synthesize()
    template = synthesized.template
    assemblyDir = synthesized.assembly.directory
  }, 60_000)

  it('is a Node.js 22 function on arm64 with 1024 MB and the 30 s the API server waits', () => {
    template.resourceCountIs('AWS::Lambda::Function', 1)
    template.hasResourceProperties('AWS::Lambda::Function', {
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      MemorySize: 1024,
      Timeout: 30,
      Handler: 'index.handler',
      Environment: { Variables: { CONVERT_TOKEN: { Ref: 'ConvertToken' } } },
      LoggingConfig: { LogGroup: Match.anyValue() },
    })
  })

  it('is public through a Function URL with AuthType NONE, the only caller check being the token', () => {
    template.hasResourceProperties('AWS::Lambda::Url', { AuthType: 'NONE', InvokeMode: 'BUFFERED' })
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunctionUrl',
      Principal: '*',
      FunctionUrlAuthType: 'NONE',
    })
  })

  it('takes the token as a NoEcho stack parameter that keeps the path token rules', () => {
    template.hasParameter('ConvertToken', {
      Type: 'String',
      NoEcho: true,
      MinLength: 32,
      AllowedPattern: '[A-Za-z0-9._~-]+',
    })
  })

  it('keeps its logs a month', () => {
    template.hasResourceProperties('AWS::Logs::LogGroup', { RetentionInDays: 30 })
  })

  it('outputs WebhookUrl: the Function URL, then convert, without the token', () => {
    const [urlId] = Object.keys(template.findResources('AWS::Lambda::Url'))
    template.hasOutput('WebhookUrl', {
      Value: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [urlId, 'FunctionUrl'] }, 'convert']] },
    })
    expect(JSON.stringify(template.toJSON()['Outputs'])).not.toContain('ConvertToken')
  })

  it('reserves 20 instances, so a flood cannot take the concurrency other functions share', () => {
    template.hasResourceProperties('AWS::Lambda::Function', { ReservedConcurrentExecutions: 20 })
  })

  it('bundles the entry with the local esbuild into one module that converts a review', () => {
    const { Code } = Object.values(template.findResources('AWS::Lambda::Function'))[0]!.Properties
    const bundle = join(
      assemblyDir,
      `asset.${String(Code.S3Key).replace(/\.zip$/, '')}`,
      'index.mjs'
    )
    expect(existsSync(bundle)).toBe(true)
    const event = functionUrlEvent({
      method: 'POST',
      url: `/convert/${TOKEN}?timeout=30s`,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(seedRequest(REVIEW_V1)),
    })
    // what the Lambda runtime does with Handler index.handler, with the function's environment
    const invoke = `const { handler } = await import(process.argv[1]); process.stdout.write('\\n' + JSON.stringify(await handler(JSON.parse(process.argv[2]), {})))`
    const stdout = execFileSync(
      process.execPath,
      ['--input-type=module', '-e', invoke, bundle, JSON.stringify(event)],
      { env: { CONVERT_TOKEN: TOKEN } }
    ).toString()
    const result = JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as {
      statusCode: number
      body: string
    }
    expect(result.statusCode).toBe(200)
    expect(JSON.parse(result.body)).toEqual(seedResponse(REVIEW_V1))
  })

  it('takes a token, memory, timeout, concurrency, retention, settings and output name when given', () => {
    const { template: custom } = synthesize({
      token: TOKEN,
      memorySize: 512,
      reservedConcurrency: 5,
      timeout: Duration.seconds(20),
      logRetention: RetentionDays.ONE_WEEK,
      environment: { CONVERT_MAX_OBJECTS: '500' },
      outputName: 'CronTabWebhookUrl',
    })
    expect(Object.keys(custom.toJSON()['Parameters'] ?? {})).not.toContain('ConvertToken')
    custom.hasResourceProperties('AWS::Lambda::Function', {
      MemorySize: 512,
      Timeout: 20,
      ReservedConcurrentExecutions: 5,
      Environment: { Variables: { CONVERT_TOKEN: TOKEN, CONVERT_MAX_OBJECTS: '500' } },
    })
    custom.hasResourceProperties('AWS::Logs::LogGroup', { RetentionInDays: 7 })
    custom.hasOutput('CronTabWebhookUrl', {
      Value: { 'Fn::Join': ['', [Match.anyValue(), 'convert']] },
    })
    expect(JSON.stringify(custom.toJSON()['Outputs'])).not.toContain(TOKEN)
  })

  it('leaves the function unreserved with reservedConcurrency: null', () => {
    const { template: unreserved } = synthesize({ reservedConcurrency: null })
    const [fn] = Object.values(unreserved.findResources('AWS::Lambda::Function'))
    expect(fn?.Properties).not.toHaveProperty('ReservedConcurrentExecutions')
  })
})

describe('docs/deploy.md', () => {
  it('lists every prop of ConversionWebhookFunctionProps, and no other', () => {
    const source = readFileSync('packages/crdconv/src/cdk/conversion-webhook-function.ts', 'utf8')
    const props =
      /interface ConversionWebhookFunctionProps \{([\s\S]*?)\n\}/.exec(source)?.[1] ?? ''
    const declared = [...props.matchAll(/^ {2}readonly (\w+)\??:/gm)].map((match) => match[1])
    const page = readFileSync('docs/deploy.md', 'utf8')
    const table = /<!-- cdk-props:start -->([\s\S]*?)<!-- cdk-props:end -->/.exec(page)?.[1] ?? ''
    const documented = [...table.matchAll(/^\| `(\w+)`/gm)].map((match) => match[1])
    expect(declared.length).toBeGreaterThan(0)
    expect(documented).toEqual(declared)
  })
})
