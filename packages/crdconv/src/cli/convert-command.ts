import type { Command } from 'commander'
import { readInput, EXIT, parseManifests, type OutputFormat, countOf } from '../command-io/index.ts'
import type { CommandContext } from './command-context.ts'
import { outputOption } from './output-option.ts'
import { loadScheme, SCHEME_OPTION_HELP } from './load-scheme.ts'
import { convertManifests } from '../convert/index.ts'

export function registerConvertCommand(program: Command, context: CommandContext): void {
  program
    .command('convert')
    .description(
      'convert the custom resources in YAML or JSON manifests to another version, offline, with the same converters'
    )
    .requiredOption(
      '-f, --filename <file>',
      'manifest file, or - for stdin (multi-document YAML, JSON, Lists)'
    )
    .requiredOption('--to <version>', 'target version (v1) or group/version (example.com/v1)')
    .addOption(outputOption())
    .option('--scheme <module>', SCHEME_OPTION_HELP)
    .addHelpText(
      'after',
      `
Examples:
  crdconv convert -f crontabs.yaml --to v1 > crontabs-v1.yaml
  kubectl get crontabs -o yaml | crdconv convert -f - --to example.com/v1 -o json

Documents that are not custom resources of the scheme pass through as written; List items are
converted one by one. Output is YAML for YAML input and JSON for JSON input unless -o says.

Exit codes: 0 converted; 1 an object could not be converted (each failure is named on stderr,
nothing is printed); 2 bad usage, an unreadable file, or input that is not YAML or JSON.`
    )
    .action(async (options: ConvertOptions) => {
      const { io } = context
      const text = await readInput(io, options.filename)
      const parsed = parseManifests(text, options.filename === '-' ? 'stdin' : options.filename)
      const scheme = await loadScheme(options.scheme, io.cwd)
      const result = convertManifests(parsed, scheme, options.to, options.output ?? parsed.format)
      if (!result.ok) {
        io.stderr(
          `crdconv: nothing written, ${countOf(result.failures.length, 'object')} could not be converted:\n  - ${result.failures.join('\n  - ')}\n`
        )
        context.exitCode = EXIT.problem
        return
      }
      context.printDocument(result.output)
      io.stderr(`crdconv: converted ${countOf(result.converted, 'object')}\n`)
    })
}

interface ConvertOptions {
  filename: string
  to: string
  output?: OutputFormat
  scheme?: string
}
