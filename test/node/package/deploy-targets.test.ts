// A project made by `crdconv init --aws both`, taken as far towards AWS as it goes without an
// account: `cdk synth` of its CDK app, and `sam validate --lint` with `sam build` of its SAM
// template (skipped by name where tools/sam-cli/install.sh has not run). Each bundle then answers a
// review through a Function URL event.
import { mkdtempSync, readFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { functionUrlEvent } from '../../support/lambda-events.ts'
import { samCli } from '../../support/cached-tools.ts'
import { INVOKE_LAMBDA } from './consumer-files.ts'
import {
  consumerEnv,
  createInitProject,
  packPackages,
  run,
} from '../../support/consumer-project.ts'

const GROUP = 'deploy.example.com'
const TOKEN = 'deploy-test-token-0123456789abcdef01'
const workDir = mkdtempSync(join(tmpdir(), 'crdconv-deploy-'))
const project = join(workDir, 'webhook')

beforeAll(async () => {
  const tarballs = await packPackages(workDir)
  await createInitProject(
    project,
    tarballs,
    ['--group', GROUP, '--kind', 'Gadget', '--versions', 'v1beta1,v1', '--aws', 'both'],
    { 'invoke-lambda.mjs': INVOKE_LAMBDA }
  )
}, 600_000)
afterAll(() => rm(workDir, { recursive: true, force: true }), 120_000)

/** Invokes the handler of `bundle` as Lambda does, with `env`, for a v1beta1 → v1 review. */
async function convertThrough(bundle: string, path: string, env: NodeJS.ProcessEnv) {
  const review = {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'ConversionReview',
    request: {
      uid: 'deploy-review',
      desiredAPIVersion: `${GROUP}/v1`,
      objects: [
        {
          apiVersion: `${GROUP}/v1beta1`,
          kind: 'Gadget',
          metadata: { name: 'g', namespace: 'default', uid: 'g-uid' },
          spec: { message: 'hi' },
        },
      ],
    },
  }
  const event = functionUrlEvent({
    method: 'POST',
    url: `${path}?timeout=30s`,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(review),
  })
  const invoked = await run(
    process.execPath,
    ['invoke-lambda.mjs', bundle, JSON.stringify(event)],
    project,
    env
  )
  expect(invoked.code).toBe(0)
  const result = JSON.parse(invoked.stdout.trimEnd().split('\n').at(-1) ?? '') as {
    statusCode: number
    body: string
  }
  expect(result.statusCode).toBe(200)
  expect(JSON.parse(result.body)).toMatchObject({
    response: {
      uid: 'deploy-review',
      result: { status: 'Success' },
      convertedObjects: [{ apiVersion: `${GROUP}/v1`, spec: { greeting: 'hi' } }],
    },
  })
}

describe('a project made by crdconv init --aws both, with the CDK', { timeout: 180_000 }, () => {
  it('npm run synth:cdk: a Function URL with AuthType NONE and the WebhookUrl output', async () => {
    // no AWS account, and nothing fetched: no version check, no notices, no telemetry
    const synth = await run('npm', ['run', 'synth:cdk', '--', '--no-notices'], project, {
      CDK_DISABLE_VERSION_CHECK: 'true',
      CDK_DISABLE_CLI_TELEMETRY: 'true',
    })
    expect(synth.code).toBe(0)
    const template = JSON.parse(
      readFileSync(join(project, 'cdk.out/GadgetConversionWebhook.template.json'), 'utf8')
    ) as {
      Resources: Record<string, { Type: string; Properties: Record<string, unknown> }>
      Parameters: unknown
      Outputs: unknown
    }
    const resources = Object.entries(template.Resources)
    const [urlId, url] = resources.find(([, resource]) => resource.Type === 'AWS::Lambda::Url')!
    expect(url.Properties).toMatchObject({ AuthType: 'NONE' })
    expect(template.Parameters).toMatchObject({ ConvertToken: { NoEcho: true, MinLength: 32 } })
    expect(template.Outputs).toMatchObject({
      WebhookUrl: {
        Value: {
          'Fn::Join': [
            '',
            // no token in an output: NoEcho masks parameters, not outputs
            [{ 'Fn::GetAtt': [urlId, 'FunctionUrl'] }, 'convert'],
          ],
        },
      },
    })
    const fn = resources.find(([, resource]) => resource.Type === 'AWS::Lambda::Function')![1]
    const asset = String((fn.Properties['Code'] as { S3Key: string }).S3Key).replace(/\.zip$/, '')
    await convertThrough(
      join(project, 'cdk.out', `asset.${asset}`, 'index.mjs'),
      `/convert/${TOKEN}`,
      {
        CONVERT_TOKEN: TOKEN,
      }
    )
  })
})

const sam = samCli()
describe.skipIf('skip' in sam)(
  `a project made by crdconv init --aws both, with SAM${'skip' in sam ? ` (${sam.skip})` : ''}`,
  { timeout: 300_000 },
  () => {
    it('npm run build:sam: sam validate --lint passes and sam build writes a bundle that converts', async () => {
      const bin = 'path' in sam ? dirname(sam.path) : ''
      const build = await run('npm', ['run', 'build:sam'], project, {
        PATH: `${bin}:${consumerEnv()['PATH'] ?? ''}`,
        SAM_CLI_TELEMETRY: '0',
      })
      expect(build.stdout + build.stderr).toMatch(/is a valid SAM Template/)
      expect(build.stdout + build.stderr).toMatch(/Build Succeeded/)
      expect(build.code).toBe(0)
      // the template's ConvertToken defaults to empty, which leaves /convert open
      await convertThrough(
        join(project, '.aws-sam/build/ConversionWebhook/lambda.mjs'),
        `/convert/${TOKEN}`,
        { CONVERT_TOKEN: TOKEN }
      )
    })
  }
)
