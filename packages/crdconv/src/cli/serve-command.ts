import type { Command } from 'commander'
import { DEFAULT_MAX_BODY_BYTES, SettingsError, SETTING_VARIABLES } from '@crdconv/webhook/http'
import {
  DEFAULT_NODE_PORT,
  nodeServer,
  servingLine,
  type RunningWebhookServer,
} from '@crdconv/webhook/node'
import { UsageError } from '../command-io/index.ts'
import type { CommandContext } from './command-context.ts'
import { loadScheme, SCHEME_OPTION_HELP } from './load-scheme.ts'
import { addListenOptions, tlsFileOptions, type ListenOptions } from './listen-options.ts'
import { parseCount } from './option-parsers.ts'
import { projectFileTokens } from '../path-token/index.ts'
import { serveSettings, type ServeSettingFlags } from '../serve/index.ts'

export function registerServeCommand(program: Command, context: CommandContext): void {
  const command = program
    .command('serve')
    .description(
      'serve the conversion webhook on a plain Node server (POST /convert, GET /healthz)'
    )
  addListenOptions(command, DEFAULT_NODE_PORT)
    .option('--scheme <module>', SCHEME_OPTION_HELP)
    .option(
      '--token-file <file>',
      `path tokens, one per line or as ${SETTING_VARIABLES.tokens.map((name) => `${name}=…`).join(' and ')} (at most two, for rotation): convert only at /convert/<token> (env ${SETTING_VARIABLES.tokens.join(', ')})`
    )
    .option(
      '--allowed-sources <list>',
      `comma-separated addresses or CIDR ranges that may call /convert; others get 403 (env ${SETTING_VARIABLES.allowedSources})`
    )
    .option(
      '--max-body-bytes <n>',
      `largest request body (env ${SETTING_VARIABLES.maxBodyBytes}, default ${DEFAULT_MAX_BODY_BYTES / 1024 / 1024} MiB)`,
      parseCount
    )
    .option(
      '--max-objects <n>',
      `most objects per review (env ${SETTING_VARIABLES.maxObjects})`,
      parseCount
    )
    .option(
      '--max-depth <n>',
      `deepest nesting inside one object (env ${SETTING_VARIABLES.maxDepth})`,
      parseCount
    )
    .addHelpText(
      'after',
      `
Flags win over the environment. Tokens are read from a file or the environment, never from a
flag, so they do not show in the process list. With neither, the path token is CONVERT_TOKEN of
the project's .dev.vars (which crdconv init writes), as wrangler dev reads it.

Examples:
  crdconv serve
  crdconv serve --scheme ./src/my-scheme.ts --port 9443 --tls-cert cert.pem --tls-key key.pem
  openssl rand -hex 24 > token && crdconv serve --token-file token --allowed-sources 10.0.0.0/8

Exit codes: 0 stopped by a signal, 1 could not start (port taken, unreadable certificate,
a broken definition), 2 bad usage or settings.`
    )
    .action(async (options: ServeOptions) => {
      const { io } = context
      const tls = tlsFileOptions(options, io.cwd)
      const scheme = await loadScheme(options.scheme, io.cwd)
      let server: RunningWebhookServer
      const fromProject =
        options.tokenFile === undefined ? await projectFileTokens(io.cwd, process.env) : undefined
      try {
        const settings = await serveSettings(options, io.cwd)
        if (fromProject !== undefined) settings.tokens = fromProject.tokens
        const listen = { port: options.port, hostname: options.host, ...settings }
        server = await nodeServer(scheme, tls === undefined ? listen : { ...listen, tls })
      } catch (error) {
        if (error instanceof SettingsError) throw new UsageError('settings-invalid', error.message)
        throw error
      }
      const tokenSource = fromProject === undefined ? '' : ` (the token: ${fromProject.source})`
      io.stderr(`${servingLine(server)}${tokenSource}\n`)
      const stop = () => void server.close().then(() => process.exit(0))
      process.once('SIGINT', stop)
      process.once('SIGTERM', stop)
    })
}

interface ServeOptions extends ListenOptions, ServeSettingFlags {
  scheme?: string
}
