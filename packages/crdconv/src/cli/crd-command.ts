import type { Command } from 'commander'
import { buildResourceCrds } from '../crd/index.ts'
import {
  EXIT,
  readCaBundle,
  UsageError,
  warn,
  formatObjects,
  type OutputFormat,
  projectSettings,
} from '../command-io/index.ts'
import type { CommandContext } from './command-context.ts'
import { outputOption } from './output-option.ts'
import { loadSelectedResources, SCHEME_OPTION_HELP, resourceOption } from './load-scheme.ts'
import {
  addStoredVersionsOption,
  refuseDroppedStoredVersions,
  type StoredVersionsOptions,
} from './stored-versions-guard.ts'
import { addTokenOptions, webhookUrlWithToken, type WebhookUrlFlags } from './webhook-url-option.ts'
import { buildXrdManifest, xrdsInScheme } from '../xrd/index.ts'

export function registerCrdCommand(program: Command, context: CommandContext): void {
  const command = addTokenOptions(
    program
      .command('crd')
      .description(
        'print the CustomResourceDefinitions (apiextensions.k8s.io/v1) of the scheme, conversion webhook included'
      )
      .option(
        '--url <https-url>',
        'the deployed webhook, like https://crontab.example.workers.dev/convert (default: package.json\'s "crdconv": { "url" }; the path token is added)'
      )
  )
    .addOption(resourceOption())
    .option(
      '--ca-bundle <file>',
      'PEM CA bundle that signed the webhook certificate (self-signed or in-cluster setups)'
    )
    .addOption(outputOption('yaml'))
    .option('--scheme <module>', SCHEME_OPTION_HELP)
  addStoredVersionsOption(command)
    .addHelpText(
      'after',
      `
Examples:
  crdconv crd --url https://crontab-webhook.example.workers.dev/convert > crontab-crd.yaml
  crdconv crd > crontab-crd.yaml     (the URL from package.json: "crdconv": { "url": "https://…/convert" })
  kubectl apply -f crontab-crd.yaml
  crdconv crd --scheme ./src/scheme.ts --resource crontabs --url https://10.0.0.5:9443/convert --ca-bundle ca.pem

The CRD's URL is --url with the path token added (/convert/<token>), read from --token-file, else
env CONVERT_TOKEN, else the project's .dev.vars (crdconv init writes it; every deploy script reads
it), so the token is never typed. Only the CRD on stdout holds it; messages say <redacted>.

Before printing, it reads the cluster the way kubectl does (--kubeconfig, --context, else
KUBECONFIG, ~/.kube/config and the current context) and refuses (exit 2, nothing printed) a CRD
that drops a version still in the live CRD's status.storedVersions, or one objects' managedFields
still name (server-side apply to them would fail): run crdconv migrate first. A configured cluster
that cannot be read is an error (exit 2). With no kubeconfig at all, or with --offline, it says
on stderr in one line that no cluster was checked, and checks only --stored-versions, if given.

The URL must be https, with no user:password@, no query and no fragment (the API server's rules);
localhost and bare IP addresses are allowed with a warning. Without --ca-bundle the API server
checks the webhook's certificate against the system's trusted roots, as for Workers and Lambda.

Exit codes: 0 printed; 1 a schema cannot be said as a structural CRD (nothing printed);
2 bad usage, a URL the API server would refuse, a version the cluster still stores or names in
managedFields, or a configured cluster that cannot be read (nothing printed).`
    )
    .action(async (options: CrdCommandOptions) => {
      context.exitCode = await printCrds(context, options)
    })
}

interface CrdCommandOptions extends StoredVersionsOptions, Omit<WebhookUrlFlags, 'url'> {
  url?: string
  resource?: string
  caBundle?: string
  output: OutputFormat
  scheme?: string
}

async function printCrds(context: CommandContext, options: CrdCommandOptions): Promise<number> {
  const { io } = context
  const webhookUrl = options.url ?? projectSettings(io.cwd).url
  if (webhookUrl === undefined) {
    throw new UsageError(
      'argument-missing',
      'no webhook URL: pass --url https://<your-webhook>/convert, or set it in package.json as "crdconv": { "url": "https://<your-webhook>/convert" }'
    )
  }
  const url = await webhookUrlWithToken(io, {
    ...options,
    url: webhookUrl,
    ...(options.url === undefined ? { urlFrom: 'package.json\'s "crdconv": { "url" }' } : {}),
  })
  const caBundle =
    options.caBundle === undefined
      ? undefined
      : Buffer.from(await readCaBundle(io, options.caBundle), 'utf8').toString('base64')
  const resources = await loadSelectedResources(options, io.cwd)
  await refuseDroppedStoredVersions(resources, options, io)
  const webhook = { url, ...(caBundle === undefined ? {} : { caBundle }) }
  // an XRD's resources are Crossplane's to render: the XRD carries the stanza, never their CRDs
  const { xrds, others } = xrdsInScheme(resources)
  const xrdBuilds = xrds.map((xrd) => buildXrdManifest(xrd, webhook))
  const built = buildResourceCrds(others, webhook)
  const notes = [...xrdBuilds.flatMap((build) => build.notes), ...built.notes]
  const problems = [...xrdBuilds.flatMap((build) => build.problems), ...built.problems]
  for (const note of notes) warn(io, note)
  if (problems.length > 0) {
    io.stderr(`crdconv: no CRD printed:\n  - ${problems.join('\n  - ')}\n`)
    return EXIT.problem
  }
  const manifests = [...xrdBuilds.map((build) => build.xrd), ...built.crds]
  context.printDocument(formatObjects(manifests, options.output))
  return EXIT.ok
}
