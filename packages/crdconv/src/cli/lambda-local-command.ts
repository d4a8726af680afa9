import type { CommandContext } from './command-context.ts'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { Option, type Command } from 'commander'
import { startLambdaLocalServer, type FunctionUrlHandler } from '../lambda-local/index.ts'
import { lambdaHandler } from '@crdconv/webhook/lambda'
import { loadScheme, SCHEME_OPTION_HELP, schemeModule } from './load-scheme.ts'
import { parseSeconds } from './option-parsers.ts'
import { addListenOptions, readTlsFiles, type ListenOptions } from './listen-options.ts'
import { projectFileTokens } from '../path-token/index.ts'

export function registerLambdaLocalCommand(program: Command, context: CommandContext): void {
  const command = program
    .command('lambda-local')
    .description(
      'serve the Lambda handler locally as its Function URL would (payload 2.0 events, 6 MB limits), no Docker'
    )
  addListenOptions(command, 9000)
    .option(
      '--bundle <file>',
      'invoke a built bundle that exports `handler` (in a project made by crdconv init with SAM, sam build writes .aws-sam/build/ConversionWebhook/lambda.mjs)'
    )
    .addOption(
      new Option(
        '--scheme <module>',
        `serve lambdaHandler(scheme) of this ${SCHEME_OPTION_HELP}`
      ).conflicts('bundle')
    )
    .option(
      '--timeout <seconds>',
      'the function Timeout: longer invocations get 502',
      parseSeconds(900),
      30
    )
    .addHelpText(
      'after',
      `
Examples:
  crdconv lambda-local
  crdconv lambda-local --bundle .aws-sam/build/ConversionWebhook/lambda.mjs --port 9443 --tls-cert cert.pem --tls-key key.pem
  crdconv lambda-local --scheme ./src/my-scheme.ts

The function's environment is this process's; without CONVERT_TOKEN in it, the path token is
CONVERT_TOKEN of the project's .dev.vars (which crdconv init writes), as wrangler dev reads it.

Exit codes: 0 stopped by a signal, 1 could not start (port taken, unreadable certificate or bundle, a broken definition), 2 bad usage
(--scheme and --bundle together, a --scheme module that does not load).`
    )
    .action(async (options: LambdaLocalOptions) => {
      const { cwd } = context.io
      const tls = await readTlsFiles(options, cwd)
      // the handler reads its settings from process.env at its cold start, as on Lambda
      const fromProject = await projectFileTokens(cwd, process.env)
      if (fromProject !== undefined) Object.assign(process.env, fromProject.variables)
      const handler =
        options.bundle === undefined
          ? (lambdaHandler(await loadScheme(options.scheme, cwd)) as FunctionUrlHandler)
          : await loadHandler(resolve(cwd, options.bundle), options.bundle)
      const server = await startLambdaLocalServer({
        handler,
        port: options.port,
        hostname: options.host,
        timeoutSeconds: options.timeout,
        ...(tls === undefined ? {} : { tls }),
      })
      const source =
        options.bundle ?? `lambdaHandler(scheme of ${schemeModule(options.scheme, cwd)})`
      context.io.stderr(
        `crdconv: Lambda handler of ${source} at ${server.url}/convert, as a Function URL${fromProject === undefined ? '' : ` (the token: ${fromProject.source})`}\n`
      )
      const stop = () => void server.close().then(() => process.exit(0))
      process.once('SIGINT', stop)
      process.once('SIGTERM', stop)
    })
}

async function loadHandler(path: string, bundle: string): Promise<FunctionUrlHandler> {
  const module = (await import(pathToFileURL(path).href)) as { handler?: unknown }
  if (typeof module.handler !== 'function') {
    throw new Error(`${bundle} exports no function named handler`)
  }
  return module.handler as FunctionUrlHandler
}

interface LambdaLocalOptions extends ListenOptions {
  bundle?: string
  scheme?: string
  timeout: number
}
