// `--url`, `--token-file` and `--no-token` of `crd` and `probe`: the deployed URL as the user
// knows it (`…/convert`), with the path token added from where the deploy put it.
import { Option, type Command } from 'commander'
import { checkWebhookUrl, type WebhookUrlOptions } from '../crd/index.ts'
import { SETTING_VARIABLES } from '@crdconv/webhook/http'
import { UsageError, warn, type CliIo } from '../command-io/index.ts'
import { findPathToken, PROJECT_TOKEN_FILE } from '../path-token/index.ts'

export interface WebhookUrlFlags {
  url: string
  /** What the messages call the URL's source: `--url` unless it came from elsewhere. */
  urlFrom?: string
  tokenFile?: string
  /** false with `--no-token` */
  token: boolean
}

/** Adds `--token-file` and `--no-token` beside a command's `--url`. */
export function addTokenOptions(command: Command): Command {
  return command
    .addOption(
      new Option(
        '--token-file <file>',
        `the path token to add to --url: a file with the token on its first line, or ${SETTING_VARIABLES.tokens[0]}=… (default: env ${SETTING_VARIABLES.tokens[0]}, else ${PROJECT_TOKEN_FILE}, which crdconv init writes)`
      ).conflicts('token')
    )
    .option(
      '--no-token',
      'use --url as it is, with no token (a webhook opened on purpose with CONVERT_ALLOW_UNAUTHENTICATED=true)'
    )
}

// the last segment of a URL that already names the token: /convert/<token>
const TOKEN_IN_PATH = /\/convert\/[^/]+$/

/**
 * The webhook URL to use: `--url` checked by the API server's rules (a usage error otherwise),
 * its warnings printed, and the path token added to a path that ends in `/convert`. A URL that
 * already ends in `/convert/<token>` is used as it is.
 */
export async function webhookUrlWithToken(
  io: CliIo,
  flags: WebhookUrlFlags,
  checks: WebhookUrlOptions = {}
): Promise<string> {
  const checked = checkWebhookUrl(flags.url, checks)
  if (!checked.ok) {
    throw new UsageError(
      'url-refused',
      `${flags.urlFrom ?? '--url'} ${flags.url} breaks the API server's rules:\n  - ${checked.problems.join('\n  - ')}`
    )
  }
  for (const warning of checked.warnings) warn(io, warning)
  const url = new URL(checked.url)
  if (!flags.token || TOKEN_IN_PATH.test(url.pathname)) return flags.url
  const found = await findPathToken({
    tokenFile: flags.tokenFile,
    cwd: io.cwd,
    environment: process.env,
  })
  if (found === undefined) {
    warn(
      io,
      `no path token found (--token-file, env ${SETTING_VARIABLES.tokens[0]}, ${PROJECT_TOKEN_FILE}): the webhook refuses ${url.pathname} unless it runs with CONVERT_ALLOW_UNAUTHENTICATED=true (pass --no-token to say so)`
    )
    return flags.url
  }
  if (!url.pathname.endsWith('/convert')) return flags.url
  url.pathname = `${url.pathname}/${found.token}`
  return url.href
}
