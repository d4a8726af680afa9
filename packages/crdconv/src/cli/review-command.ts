import type { Command } from 'commander'
import { reviewConversion } from '@crdconv/webhook/review'
import {
  readInput,
  UsageError,
  EXIT,
  documentValue,
  formatObjects,
  parseManifests,
  type OutputFormat,
} from '../command-io/index.ts'
import type { CommandContext } from './command-context.ts'
import { outputOption } from './output-option.ts'
import { loadScheme, SCHEME_OPTION_HELP } from './load-scheme.ts'

export function registerReviewCommand(program: Command, context: CommandContext): void {
  program
    .command('review')
    .description('print the answer the webhook would give to a ConversionReview, without a server')
    .requiredOption('-f, --filename <file>', 'ConversionReview as JSON or YAML, or - for stdin')
    .addOption(outputOption('json'))
    .option('--scheme <module>', SCHEME_OPTION_HELP)
    .addHelpText(
      'after',
      `
Examples:
  crdconv review -f review.json
  kubectl ... | crdconv review -f - -o yaml

Exit codes: 0 the answer is Success; 1 the answer is Failed, or the webhook would answer 400 (the
body it would send is printed either way); 2 bad usage or input that is not JSON or YAML.`
    )
    .action(async (options: ReviewOptions) => {
      const { io } = context
      const source = options.filename === '-' ? 'stdin' : options.filename
      const parsed = parseManifests(await readInput(io, options.filename), source)
      if (parsed.documents.length !== 1) {
        throw new UsageError(
          'input-invalid',
          `${source} must hold one ConversionReview, not ${parsed.documents.length} documents`
        )
      }
      const document = parsed.documents[0]
      const body = document === undefined ? undefined : documentValue(document)
      const scheme = await loadScheme(options.scheme, io.cwd)
      const outcome = reviewConversion(body, scheme)
      if (!outcome.valid) {
        io.stdout(
          formatObjects(
            [{ error: outcome.problem.message, issues: outcome.problem.issues }],
            options.output
          )
        )
        io.stderr(`crdconv: the webhook would answer 400: ${outcome.problem.message}\n`)
        context.exitCode = EXIT.problem
        return
      }
      context.printDocument(formatObjects([outcome.review], options.output))
      const { result } = outcome.review.response
      if (result.status !== 'Success') {
        io.stderr(`crdconv: the webhook would answer Failed: ${result.message ?? ''}\n`)
        context.exitCode = EXIT.problem
      }
    })
}

interface ReviewOptions {
  filename: string
  output: OutputFormat
  scheme?: string
}
