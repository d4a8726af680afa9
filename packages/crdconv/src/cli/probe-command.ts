import type { Command } from 'commander'
import { readCaBundle, EXIT, allOf, countOf } from '../command-io/index.ts'
import type { CommandContext } from './command-context.ts'
import { loadSelectedResources, SCHEME_OPTION_HELP, resourceOption } from './load-scheme.ts'
import { parseSeconds } from './option-parsers.ts'
import { postJson, probeWebhook } from '../probe/index.ts'
import { addTokenOptions, webhookUrlWithToken, type WebhookUrlFlags } from './webhook-url-option.ts'

export function registerProbeCommand(program: Command, context: CommandContext): void {
  addTokenOptions(
    program
      .command('probe')
      .description(
        'send a synthetic ConversionReview for every version pair to a deployed webhook and check each answer as the API server would'
      )
      .requiredOption(
        '--url <url>',
        'the deployed webhook, like https://crontab.example.workers.dev/convert (the path token is added; http only for localhost)'
      )
  )
    .addOption(resourceOption())
    .option(
      '--ca-bundle <file>',
      'PEM CA bundle to trust for the webhook certificate (default: system roots)'
    )
    .option(
      '--timeout <seconds>',
      'seconds to wait for each answer (the API server waits 30)',
      parseSeconds(),
      30
    )
    .option('--scheme <module>', SCHEME_OPTION_HELP)
    .addHelpText(
      'after',
      `
Examples:
  crdconv probe --url https://crontab-webhook.example.workers.dev/convert
  crdconv probe --url https://localhost:9443/convert --ca-bundle ca.pem --scheme ./src/scheme.ts
  crdconv probe --url http://127.0.0.1:8787/convert --token-file token

The path token is added to --url as crdconv crd adds it (--token-file, else env CONVERT_TOKEN,
else the project's .dev.vars), never taken from the command line, and printed as <redacted>.

Each review holds an object with only metadata (as server-side apply may send) and the version's
examples; answers must be HTTP 200, the same ConversionReview version, the request's uid,
Success, and objects the API server accepts, equal to what the local converters give.

Exit codes: 0 every answer is right; 1 any answer is wrong or missing; 2 bad usage or a URL the
API server would refuse.`
    )
    .action(async (options: ProbeOptions) => {
      const { io } = context
      const url = await webhookUrlWithToken(io, options, { allowLoopbackHttp: true })
      const ca =
        options.caBundle === undefined ? undefined : await readCaBundle(io, options.caBundle)
      const resources = await loadSelectedResources(options, io.cwd)
      // the API server adds the same query: a router must ignore it
      const target = new URL(url)
      target.search = '?timeout=30s'
      const results = await probeWebhook(resources, (body) =>
        postJson(target, body, {
          timeoutMs: options.timeout * 1000,
          ...(ca === undefined ? {} : { ca }),
        })
      )
      let failed = 0
      io.stdout(`probing ${url}\n`)
      for (const result of results) {
        const review = result.reviewVersion.replace('apiextensions.k8s.io/', 'ConversionReview ')
        const line = `${result.resource} ${result.from} → ${result.to} (${review}, ${countOf(result.objectCount, 'object')}, ${Math.round(result.milliseconds)} ms)`
        if (result.problems.length === 0) io.stdout(`  ok    ${line}\n`)
        else {
          failed++
          io.stdout(
            `  FAIL  ${line}\n${result.problems.map((problem) => `        - ${problem}\n`).join('')}`
          )
        }
      }
      io.stdout(
        failed === 0
          ? `${allOf(results.length, 'review')} answered correctly\n`
          : `${failed} of ${countOf(results.length, 'review')} answered wrong\n`
      )
      if (failed > 0) context.exitCode = EXIT.problem
    })
}

interface ProbeOptions extends WebhookUrlFlags {
  resource?: string
  caBundle?: string
  timeout: number
  scheme?: string
}
