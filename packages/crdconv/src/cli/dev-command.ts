import { randomBytes } from 'node:crypto'
import { dirname, relative, resolve } from 'node:path'
import type { Command } from 'commander'
import type { CommandContext } from './command-context.ts'
import { loadScheme, schemeModule, SCHEME_OPTION_HELP } from './load-scheme.ts'
import { parsePort } from './option-parsers.ts'
import { findPathToken } from '../path-token/index.ts'

export function registerDevCommand(program: Command, context: CommandContext): void {
  program
    .command('dev')
    .description(
      'run a local cluster: etcd and kube-apiserver, the webhook over TLS, the CRDs applied and re-applied as the scheme changes'
    )
    .option('--scheme <module>', SCHEME_OPTION_HELP)
    .option(
      '--assets <folder>',
      "the folder of etcd and kube-apiserver (default: KUBEBUILDER_ASSETS, else the newest release in crdconv's cache, else /usr/local/kubebuilder/bin)"
    )
    .option(
      '--api-server-port <port>',
      "kube-apiserver's HTTPS port (default: a free one)",
      parsePort
    )
    .option('--etcd-port <port>', "etcd's client port (default: a free one)", parsePort)
    .option('--webhook-port <port>', "the webhook's HTTPS port (default: a free one)", parsePort)
    .addHelpText(
      'after',
      `
It starts a fresh etcd and kube-apiserver on 127.0.0.1, writes an admin kubeconfig and prints
  export KUBECONFIG=…
on stdout (everything else goes to stderr), serves the scheme's webhook over HTTPS with a CA made
for the session, and applies each CRD of the scheme with that CA as its caBundle. An edit under
the scheme module's folder reloads the scheme and applies the CRDs again; a scheme that does not
load, or CRDs the API server refuses (a version still in storedVersions), are reported and the
one before keeps serving. Ctrl-C or SIGTERM stops everything it started, frees its ports and
removes the cluster's data: every session starts empty.

The binaries: KUBEBUILDER_ASSETS as envtest reads it; controller-runtime's setup-envtest fetches
them (go install sigs.k8s.io/controller-runtime/tools/setup-envtest@latest, then
export KUBEBUILDER_ASSETS="$(setup-envtest use -p path)"). The path token of the webhook's URL is
CONVERT_TOKEN of the environment or of .dev.vars, else one made for the session; it is never printed.

Examples:
  crdconv dev
  crdconv dev --api-server-port 6443 --webhook-port 9443
  KUBEBUILDER_ASSETS=/usr/local/kubebuilder/bin crdconv dev --scheme ./src/scheme.ts

Exit codes: 0 stopped by a signal, 1 could not start (a CRD that cannot be generated or applied),
2 bad usage (a taken port, no binaries, a scheme that does not load).`
    )
    .action(async (options: DevOptions) => {
      await runDevSession(context, options)
    })
}

interface DevOptions {
  scheme?: string
  assets?: string
  apiServerPort?: number
  etcdPort?: number
  webhookPort?: number
}

async function runDevSession(context: CommandContext, options: DevOptions): Promise<void> {
  const { io } = context
  const { startDevSession } = await import('../dev/index.ts')
  const module = resolve(io.cwd, schemeModule(options.scheme, io.cwd))
  const found = await findPathToken({ cwd: io.cwd, environment: process.env })
  // a port of 0 asks for a free one, as leaving the option out does
  const port = (value: number | undefined) => (value === 0 ? undefined : value)
  let signalled: NodeJS.Signals | undefined
  let stopping: (() => void) | undefined
  const onSignal = (signal: NodeJS.Signals) => {
    // a second Ctrl-C while stopping: leave at once (whatever runs is killed on exit)
    if (signalled !== undefined) process.exit(130)
    signalled = signal
    stopping?.()
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  const session = await startDevSession({
    loadScheme: () => loadScheme(options.scheme, io.cwd, { fresh: true }),
    watchFolder: dirname(module),
    token: found?.token ?? randomBytes(32).toString('hex'),
    assets: options.assets === undefined ? undefined : resolve(io.cwd, options.assets),
    ports: {
      apiServer: port(options.apiServerPort),
      etcd: port(options.etcdPort),
      webhook: port(options.webhookPort),
    },
    environment: process.env,
    say: (line) => io.stderr(`crdconv dev: ${line}\n`),
  }).catch((error: unknown) => {
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
    throw error
  })
  io.stderr(
    `crdconv dev: ready; in another shell (scheme: ${relative(io.cwd, module) || module}):\n`
  )
  io.stdout(`export KUBECONFIG=${session.kubeconfigPath}\n`)
  if (signalled === undefined) await new Promise<void>((resolve) => (stopping = resolve))
  io.stderr(
    `crdconv dev: ${signalled ?? 'signal'}: stopping the webhook, kube-apiserver and etcd\n`
  )
  await session.stop()
  io.stderr('crdconv dev: stopped; its ports are free and its files removed\n')
  process.exit(0)
}
