// Every file of the project `crdconv init` writes, as text keyed by its path in the project.
import type { InitOptions } from './init-options.ts'
import { PLATFORM_TEST_FILES, WORKER_BUNDLE_DIR } from './platform-tests.ts'
import { resourceIdentifiers, schemeSource } from './scheme-template.ts'
import type { ToolVersions } from './tool-versions.ts'

export type ProjectFiles = Readonly<Record<string, string>>

/** The files of a new project named `name` (its directory's name), for `options`. */
export function projectFiles(
  name: string,
  options: InitOptions,
  tools: ToolVersions
): ProjectFiles {
  const packageName = npmPackageName(name)
  return {
    'package.json': packageJson(packageName, tools),
    'tsconfig.json': TSCONFIG,
    'src/scheme.ts': schemeSource(options),
    'src/worker.ts': WORKER,
    'src/lambda.ts': LAMBDA,
    'test/scheme.test.ts': schemeTest(options),
    ...PLATFORM_TEST_FILES,
    'wrangler.toml': wranglerToml(packageName),
    'template.yaml': TEMPLATE_YAML,
    '.dev.vars.example': DEV_VARS_EXAMPLE,
    '.gitignore': GITIGNORE,
    'README.md': readme(packageName, options),
  }
}

/** A valid npm and Worker name from a directory name: lowercase, `-` for anything else. */
export function npmPackageName(directoryName: string): string {
  const name = directoryName
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 54)
  return name === '' ? 'conversion-webhook' : name
}

function packageJson(name: string, tools: ToolVersions): string {
  const manifest = {
    name,
    version: '0.1.0',
    private: true,
    type: 'module',
    scripts: {
      test: 'tsc --noEmit && npm run build:worker && vitest run',
      'build:worker': `wrangler deploy --dry-run --outdir ${WORKER_BUNDLE_DIR}`,
      start: 'crdconv serve --scheme src/scheme.ts',
      check: 'crdconv check --scheme src/scheme.ts',
      crd: 'crdconv crd --scheme src/scheme.ts',
      dev: 'wrangler dev',
      'deploy:cloudflare': 'wrangler deploy',
      'deploy:aws': 'sam build && sam deploy --guided',
    },
    dependencies: { '@crdconv/webhook': tools.crdconv, zod: tools.zod },
    devDependencies: {
      '@cloudflare/vitest-pool-workers': tools.vitestPoolWorkers,
      crdconv: tools.crdconv,
      esbuild: tools.esbuild,
      'fast-check': tools.fastCheck,
      typescript: tools.typescript,
      vitest: tools.vitest,
      wrangler: tools.wrangler,
    },
  }
  return `${JSON.stringify(manifest, null, 2)}\n`
}

const TSCONFIG = `${JSON.stringify(
  {
    compilerOptions: {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      // DOM: the web APIs (URL, fetch, Request) that Workers, Lambda and Node share
      lib: ['ES2023', 'DOM', 'DOM.Iterable'],
      types: [],
      strict: true,
      noUncheckedIndexedAccess: true,
      verbatimModuleSyntax: true,
      allowImportingTsExtensions: true,
      noEmit: true,
      skipLibCheck: true,
    },
    include: ['src', 'test'],
  },
  null,
  2
)}\n`

const WORKER = `// wrangler.toml's \`main\`: the webhook on Cloudflare Workers.
import { workerApp } from '@crdconv/webhook/worker'
import { scheme } from './scheme.ts'

export default workerApp(scheme)
`

const LAMBDA = `// template.yaml's EntryPoints: the webhook on AWS Lambda behind a Function URL.
import { lambdaHandler } from '@crdconv/webhook/lambda'
import { scheme } from './scheme.ts'

export const handler = lambdaHandler(scheme)
`

function schemeTest(options: InitOptions): string {
  return `import { expectLosslessRoundTrips } from '@crdconv/webhook/testing'
import { describe, it } from 'vitest'
import { scheme } from '../src/scheme.ts'

describe('${options.kind}.${options.group}', () => {
  it('gives back every object exactly after a round trip between any two versions', () => {
    expectLosslessRoundTrips(scheme)
  })
})
`
}

function wranglerToml(name: string): string {
  return `name = "${name}"
main = "src/worker.ts"
compatibility_date = "2025-09-01"
# smaller script, faster cold start
minify = true

# The path token: \`openssl rand -hex 32 | npx wrangler secret put CONVERT_TOKEN\`, then the CRD's
# webhook URL ends in /convert/<token>. Locally, copy .dev.vars.example to .dev.vars.

[observability]
enabled = true

# Invocation logs record each request's URL, which holds the path token: keep only crdconv's own
# log lines (uid, kinds, versions, counts, duration, outcome).
[observability.logs]
invocation_logs = false
`
}

const TEMPLATE_YAML = `AWSTemplateFormatVersion: '2010-09-09'
Transform: AWS::Serverless-2016-10-31
Description: >-
  A Kubernetes CRD conversion webhook (crdconv) on AWS Lambda behind a public Function URL.
  Put the WebhookUrl output into the CRD with \`crdconv crd --url\`.

Parameters:
  ConvertToken:
    Type: String
    NoEcho: true
    Default: ''
    Description: The path token (at least 32 characters); empty leaves /convert open

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
      Environment:
        Variables:
          CONVERT_TOKEN: !Ref ConvertToken
      FunctionUrlConfig:
        # the API server sends no credentials to a conversion webhook
        AuthType: NONE
        InvokeMode: BUFFERED

Outputs:
  WebhookUrl:
    Description: The conversion webhook URL for the CRD (add /<token> when a token is set)
    Value: !Sub '\${ConversionWebhookUrl.FunctionUrl}convert'
`

const DEV_VARS_EXAMPLE = `# Copy to .dev.vars for \`npm run dev\`; the deployed Worker reads a secret instead
# (\`npx wrangler secret put CONVERT_TOKEN\`). At least 32 characters of A-Z a-z 0-9 . _ ~ -
CONVERT_TOKEN=replace-with-the-output-of-openssl-rand-hex-32
`

const GITIGNORE = `node_modules/
dist/
.wrangler/
.aws-sam/
.dev.vars
crd.yaml
`

function readme(name: string, options: InitOptions): string {
  const { resource } = resourceIdentifiers(options)
  return `# ${name}

A conversion webhook for \`${options.kind}.${options.group}\` (versions ${options.versions.join(', ')}; storage ${options.storage}), made with [crdconv](https://www.npmjs.com/package/crdconv).

\`\`\`sh
npm install
npm test
\`\`\`

\`npm test\` typechecks and proves that every pair of versions round-trips losslessly.
\`npm start\` serves the webhook on http://127.0.0.1:8787/convert for a local try.

## Change the versions

\`src/scheme.ts\` holds one zod schema per version and the converters between them
(\`${resource}\`). Add a version: add its schema, a converter each way to a neighbour, and
\`storage: true\` on the version etcd should store. \`npm test\` tells you when a round trip loses
something.

## Deploy

Cloudflare Workers:

\`\`\`sh
openssl rand -hex 32 > token
npx wrangler secret put CONVERT_TOKEN < token
npm run deploy:cloudflare
\`\`\`

AWS Lambda (SAM):

\`\`\`sh
sam build && sam deploy --guided --parameter-overrides ConvertToken=$(cat token)
\`\`\`

## Install the CRD

With the deployed URL (\`https://<worker>.workers.dev/convert/<token>\`, or the WebhookUrl output
of the stack plus \`/<token>\`):

\`\`\`sh
npx crdconv crd --scheme src/scheme.ts --url https://<your-webhook>/convert/$(cat token) > crd.yaml
kubectl apply -f crd.yaml
\`\`\`

Keep \`token\` out of version control.
`
}
