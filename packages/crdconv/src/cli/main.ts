// The `crdconv` command line: main.ts registers one `*-command.ts` per command.
import { Command, CommanderError } from 'commander'
import { EXIT, processIo, UsageError, type CliIo } from '../command-io/index.ts'
import { redactingIo } from '../path-token/index.ts'
import type { CommandContext } from './command-context.ts'
import { apiFailure, describeApiError } from '../cluster-client/index.ts'
import { registerCheckCommand } from './check-command.ts'
import { registerConvertCommand } from './convert-command.ts'
import { registerCoverageCommand } from './coverage-command.ts'
import { registerCrdCommand } from './crd-command.ts'
import { registerDevCommand } from './dev-command.ts'
import { registerDiffCommand } from './diff-command.ts'
import { registerImportCommand } from './import-command.ts'
import { registerInitCommand } from './init-command.ts'
import { registerLambdaLocalCommand } from './lambda-local-command.ts'
import { registerMigrateCommand } from './migrate-command.ts'
import { registerProbeCommand } from './probe-command.ts'
import { registerRecordCommand } from './record-command.ts'
import { registerCompareCommand } from './compare-command.ts'
import { registerSwitchCommand } from './switch-command.ts'
import { registerRetireCommand } from './retire-command.ts'
import { registerReviewCommand } from './review-command.ts'
import { registerServeCommand } from './serve-command.ts'
import { registerStatusCommand } from './status-command.ts'
import { toolVersions } from '../init/index.ts'
import { refuseUnknownOptionsFirst, reportUsageErrorsInOneLine, usageLine } from './usage-errors.ts'

const EXIT_CODES_HELP = `
Exit codes: 0 success; 1 the command ran and found a problem (a conversion failed, a definition
is broken, a webhook answered wrong); 2 bad usage (unknown option, missing file, a URL that breaks
the API server's rules, input that is not YAML or JSON).`

/** The `crdconv` command line; each command lives in its own `*-command.ts`. */
export function createProgram(context: CommandContext): Command {
  const { io } = context
  const program = new Command()
    .name('crdconv')
    .description('Conversion webhooks for Kubernetes CustomResourceDefinitions')
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .version(toolVersions().version, '-V, --version', 'print the version of crdconv')
    .exitOverride()
    .addHelpText('after', EXIT_CODES_HELP)
  registerInitCommand(program, context)
  registerCrdCommand(program, context)
  registerImportCommand(program, context)
  registerDiffCommand(program, context)
  registerConvertCommand(program, context)
  registerReviewCommand(program, context)
  registerProbeCommand(program, context)
  registerCompareCommand(program, context)
  registerCheckCommand(program, context)
  registerCoverageCommand(program, context)
  registerServeCommand(program, context)
  registerLambdaLocalCommand(program, context)
  registerDevCommand(program, context)
  registerStatusCommand(program, context)
  registerRecordCommand(program, context)
  registerMigrateCommand(program, context)
  registerRetireCommand(program, context)
  registerSwitchCommand(program, context)
  reportUsageErrorsInOneLine(program)
  return program
}

/** Runs one command line and answers its exit code; errors go to stderr, never thrown. */
export async function runCli(
  argv: readonly string[],
  terminal: CliIo = processIo
): Promise<number> {
  const io = redactingIo(terminal)
  const context: CommandContext = { io, printDocument: terminal.stdout, exitCode: EXIT.ok }
  const program = createProgram(context)
  try {
    refuseUnknownOptionsFirst(createProgram(context), argv)
    await program.parseAsync([...argv], { from: 'user' })
    return context.exitCode
  } catch (error) {
    if (error instanceof CommanderError) {
      // commander has already printed its message; its usage errors exit 1, ours 2
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage
    }
    const message = error instanceof Error ? error.message : String(error)
    if (error instanceof UsageError) {
      const command = program.commands.find((candidate) => candidate.name() === argv[0])
      io.stderr(usageLine(command ?? program, message))
      return EXIT.usage
    }
    // an API server's refusal that no command explained: its Status message, not the library's dump
    const refusal = apiFailure(error) === undefined ? undefined : describeApiError(error)
    io.stderr(`crdconv: ${refusal ?? message}\n`)
    return EXIT.problem
  }
}

export async function main(argv: readonly string[]): Promise<void> {
  process.stdout.on('error', endWhenReaderLeaves)
  process.exitCode = await runCli(argv)
}

/** `crdconv … | head -n 1`: once the reader has closed the pipe, nothing more can be said. */
function endWhenReaderLeaves(error: NodeJS.ErrnoException): void {
  if (error.code !== 'EPIPE') throw error
  process.exit(process.exitCode ?? EXIT.ok)
}
