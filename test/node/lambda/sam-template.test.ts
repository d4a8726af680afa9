import { existsSync, readFileSync } from 'node:fs'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { bundleFileName, samEsbuildArguments } from '../../../scripts/sam-esbuild-arguments.ts'
import { parseSamTemplate, webhookFunction } from '../../../scripts/sam-template.ts'
import { TOKEN } from '../../support/hardening-fixtures.ts'
import { functionUrlEvent } from '../../support/lambda-events.ts'
import { conversionReview } from '../../support/review-factory.ts'

const template = parseSamTemplate(readFileSync('template.yaml', 'utf8'))
const fn = webhookFunction(template)
const buildProperties = fn.Metadata?.BuildProperties ?? {}
const entryPoints = buildProperties['EntryPoints'] as string[]

describe('template.yaml', () => {
  it('is a SAM template with one AWS::Serverless::Function', () => {
    expect(template.Transform).toBe('AWS::Serverless-2016-10-31')
    expect(fn.logicalId).toBeTruthy()
  })

  it('builds the function with SAM esbuild from the Lambda entry, which exists', () => {
    expect(fn.Metadata?.BuildMethod).toBe('esbuild')
    expect(entryPoints).toEqual(['examples/lambda.ts'])
    expect(existsSync(entryPoints[0] ?? '')).toBe(true)
    expect(buildProperties).toMatchObject({ Minify: true })
  })

  it('names the Handler after the file esbuild writes for the entry, and its handler export', async () => {
    const file = bundleFileName(entryPoints[0] ?? '', buildProperties)
    expect(file).toBe('lambda.mjs')
    const [module, exported] = String(fn.Properties['Handler']).split('.')
    expect(`${module}.mjs`).toBe(file)
    expect(exported).toBe('handler')
    expect(typeof (await import('../../../examples/lambda.ts')).handler).toBe('function')
  })

  it('emits ES modules as .mjs so Lambda loads them without a package.json', () => {
    expect(buildProperties['Format']).toBe('esm')
    expect(buildProperties['OutExtension']).toEqual(['.js=.mjs'])
  })

  it('runs on a Node.js runtime that esbuild targets', () => {
    const runtime = String(fn.Properties['Runtime'])
    const major = /^nodejs(\d+)\.x$/.exec(runtime)?.[1]
    expect(Number(major)).toBeGreaterThanOrEqual(20)
    expect(buildProperties['Target']).toBe(`node${major}`)
  })

  it('gives the function at least the 30 s the API server waits, and a sensible MemorySize', () => {
    expect(fn.Properties['Timeout']).toBeGreaterThanOrEqual(30)
    expect(fn.Properties['MemorySize']).toBeGreaterThanOrEqual(512)
    expect(fn.Properties['MemorySize']).toBeLessThanOrEqual(10240)
  })

  it('opens a Function URL without auth, since the API server cannot sign requests', () => {
    expect(fn.Properties['FunctionUrlConfig']).toMatchObject({ AuthType: 'NONE' })
  })

  afterEach(() => void vi.unstubAllEnvs())

  it('sets CONVERT_TOKEN from a NoEcho parameter without a default, at least 32 characters', () => {
    const variables = (fn.Properties['Environment'] as { Variables: Record<string, unknown> })
      .Variables
    expect(variables['CONVERT_TOKEN']).toEqual({ Ref: 'ConvertToken' })
    const parameter = (template as { Parameters?: Record<string, Record<string, unknown>> })
      .Parameters?.['ConvertToken']
    expect(parameter).toMatchObject({ Type: 'String', NoEcho: true, MinLength: 32 })
    expect(parameter).not.toHaveProperty('Default')
  })

  it('outputs the Function URL and a webhook URL which, with the token appended, the Lambda handler serves', async () => {
    const urlResource = `${fn.logicalId}Url`
    expect(template.Outputs?.['FunctionUrl']?.Value).toEqual({
      'Fn::GetAtt': [urlResource, 'FunctionUrl'],
    })
    const webhook = template.Outputs?.['WebhookUrl']?.Value as { 'Fn::Sub': string }
    // what CloudFormation prints: the Function URL ends with a slash
    const printed = webhook['Fn::Sub'].replace(
      `\${${urlResource}.FunctionUrl}`,
      'https://abcdefghijklmnopqrstuvwxyz012345.lambda-url.eu-west-1.on.aws/'
    )
    const url = new URL(`${printed}${TOKEN}`)
    expect(url.protocol).toBe('https:')
    expect(printed).not.toContain(TOKEN)
    // the function's environment as the template sets it, read at cold start
    vi.stubEnv('CONVERT_TOKEN', TOKEN)
    vi.resetModules()
    const { handler } = await import('../../../examples/lambda.ts')
    const result = await handler(
      functionUrlEvent({
        method: 'POST',
        url: `${url.pathname}?timeout=30s`,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(conversionReview()),
      }) as unknown as Parameters<typeof handler>[0]
    )
    expect(result.statusCode).toBe(200)
  })
})

describe('parseSamTemplate and webhookFunction', () => {
  it('reads CloudFormation short-form tags as their long forms', () => {
    const parsed = parseSamTemplate(
      'Resources: {}\nOutputs:\n  A: { Value: !Ref Fn }\n  B: { Value: !Join [",", [a, b]] }\n'
    )
    expect(parsed.Outputs?.['A']?.Value).toEqual({ Ref: 'Fn' })
    expect(parsed.Outputs?.['B']?.Value).toEqual({ 'Fn::Join': [',', ['a', 'b']] })
  })

  it('refuses a template with two functions', () => {
    const two = parseSamTemplate(
      'Resources:\n  A: { Type: AWS::Serverless::Function }\n  B: { Type: AWS::Serverless::Function }\n'
    )
    expect(() => webhookFunction(two)).toThrow(/found 2/)
  })
})

describe('samEsbuildArguments', () => {
  it('adds the defaults aws-lambda-builders adds when a property is absent', () => {
    expect(samEsbuildArguments({ EntryPoints: ['app.ts'] }, '/out')).toEqual([
      'app.ts',
      '--bundle',
      '--platform=node',
      '--outdir=/out',
      '--target=es2020',
      '--format=cjs',
      '--minify',
    ])
  })

  it('turns this template’s BuildProperties into flags, Sourcemap: false into none', () => {
    expect(samEsbuildArguments(buildProperties, '/out')).toEqual([
      'examples/lambda.ts',
      '--bundle',
      '--platform=node',
      '--outdir=/out',
      '--minify',
      '--target=node22',
      '--format=esm',
      '--out-extension:.js=.mjs',
    ])
  })

  it('refuses BuildProperties without EntryPoints', () => {
    expect(() => samEsbuildArguments({ Format: 'esm' }, '/out')).toThrow(/EntryPoints/)
  })
})
