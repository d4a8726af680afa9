// The README.md `crdconv init` writes: the project's two commands, then each deploy it was made for.
import { deploysWith, type InitOptions } from './init-options.ts'
import { PROJECT_TOKEN_IN_SCRIPT } from '../path-token/index.ts'
import { resourceIdentifiers } from './scheme-template.ts'

const SAM_DEPLOY = `AWS Lambda (SAM; \`npm run build:sam\` runs \`sam validate --lint\` and \`sam build\`):

\`\`\`sh
npm run deploy:sam   # build:sam, then sam deploy --guided with the token of .dev.vars
\`\`\`
`

const CDK_DEPLOY = `AWS Lambda (CDK; \`cdk/app.ts\` uses \`ConversionWebhookFunction\` from \`crdconv/cdk\`):

\`\`\`sh
npm run synth:cdk
npm run deploy:cdk   # cdk deploy with the token of .dev.vars
\`\`\`
`

function versionsSection(options: InitOptions, resource: string): string {
  const edit = `Add a version: add its schema, a converter each way to a neighbour, and
\`storage: true\` on the version etcd should store. \`npm test\` tells you when a round trip loses
something.`
  if (options.imported === undefined) {
    return `\`src/scheme.ts\` holds one zod schema per version and the converters between them
(\`${resource}\`). ${edit}`
  }
  const modules = options.imported.map((module) => `\`${module}\``).join(', ')
  return `${modules} (\`crdconv init --from-crd\` imported ${options.imported.length === 1 ? 'it' : 'them'} from the CRD) ${options.imported.length === 1 ? 'holds' : 'hold'} one zod
schema per version and the converters between them; \`src/scheme.ts\` serves them. Each TODO there
is an \`it.todo\` in its test under \`test/resources\`: decide it, then \`npm test\` and
\`crdconv check\`. ${edit}`
}

/** The README of a project named `name`. */
export function projectReadme(name: string, options: InitOptions): string {
  const { resource } = resourceIdentifiers(options)
  const aws = [
    ...(deploysWith(options.aws, 'sam') ? [SAM_DEPLOY] : []),
    ...(deploysWith(options.aws, 'cdk') ? [CDK_DEPLOY] : []),
  ]
  return `# ${name}

A conversion webhook for \`${options.kind}.${options.group}\` (versions ${options.versions.join(', ')}; storage ${options.storage}), made with [crdconv](https://www.npmjs.com/package/crdconv).

\`\`\`sh
npm install
npm test
\`\`\`

\`npm test\` typechecks, proves that every pair of versions round-trips losslessly, and sends
reviews built from each version's \`examples\` to the Worker bundle \`wrangler deploy\` uploads
(inside workerd) and to the Lambda handler (as Function URL events).
\`npm start\` serves the webhook on http://127.0.0.1:8787/convert/<token> for a local try, with
the path token \`crdconv init\` wrote to \`.dev.vars\` (as \`npm run dev\` does; \`CONVERT_TOKEN\` in
the environment wins). \`crdconv probe\` adds the same token from the same file:

\`\`\`sh
npm start &
npx crdconv probe --url http://127.0.0.1:8787/convert
\`\`\`

## Change the versions

${versionsSection(options, resource)}

## Deploy

The path token is the secret last segment of the webhook URL. \`crdconv init\` wrote one to
\`.dev.vars\` (gitignored; in a fresh clone, \`.dev.vars.example\` says how to make it), and every
deploy script sends it to its platform.

Cloudflare Workers (the token becomes the Worker's secret in the same upload):

\`\`\`sh
npm run deploy:cloudflare
\`\`\`

${aws.join('\n')}
In the cluster (cert-manager installed; the chart makes its own cert-manager \`Issuer\`s in the
release's namespace, and the CRD gets its caBundle from cert-manager). Put your registry for
\`registry.example.com\`, and the addresses the API server calls from for \`10.0.0.10/32\`
(\`chart/values.yaml\` says how to find them); the token is the one of \`.dev.vars\`:

\`\`\`sh
npm run build:server
podman build -t registry.example.com/${name}:0.1.0 . && podman push registry.example.com/${name}:0.1.0
npm run chart:crd
helm install ${name} chart --namespace ${name} --create-namespace \\
  --set image.repository=registry.example.com/${name} \\
  --set token=${PROJECT_TOKEN_IN_SCRIPT} \\
  --set 'apiServerCIDRs={10.0.0.10/32}'
\`\`\`

An upgrade without \`--set token\` keeps the token the release's Secret holds; the chart never
makes one, so \`helm template\` and a GitOps sync render the same token every time.

Or with kustomize, from the same chart: \`kustomize/\` (named for the tool that reads it, as
\`chart/\` is for helm) inflates \`chart/\` with the values its \`kustomization.yaml\` sets (image,
replicas, \`apiServerCIDRs\`: set yours there) and patches what the chart has no value for
(\`deployment-patch.yaml\`, a toleration); the token comes from \`.dev.vars\`, written to the
gitignored \`kustomize/token-values.yaml\` by the script. It copies none of the chart's manifests, and writes no
\`charts/\` cache beside it, since it finds the chart in the project. \`npm run kustomize\` needs
helm on PATH; \`--silent\` keeps npm's own lines out of the YAML:

\`\`\`sh
npm run chart:crd
kubectl create namespace ${name}
npm run --silent kustomize | kubectl apply --server-side -f -
\`\`\`

## Install the CRD

For Workers and Lambda, with the deployed URL without its token (\`https://<worker>.workers.dev/convert\`,
or the stack's WebhookUrl output):

\`\`\`sh
npx crdconv crd --scheme src/scheme.ts --url https://<your-webhook>/convert > crd.yaml
kubectl apply -f crd.yaml
\`\`\`

\`crdconv crd\` adds the token of \`.dev.vars\` to \`--url\`; keep \`.dev.vars\` out of version control.
`
}
