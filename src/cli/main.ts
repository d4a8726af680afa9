import { Command } from 'commander'
import { registerLambdaLocalCommand } from './lambda-local-command.ts'
import { registerServeCommand } from './serve-command.ts'

/** The `crdconv` command line; each command lives in its own `*-command.ts`. */
export function createProgram(): Command {
  const program = new Command()
    .name('crdconv')
    .description('Conversion webhooks for Kubernetes CustomResourceDefinitions')
    .exitOverride((error) => {
      process.exit(error.exitCode === 1 && error.code.startsWith('commander.') ? 2 : error.exitCode)
    })
    .showHelpAfterError()
  registerServeCommand(program)
  registerLambdaLocalCommand(program)
  return program
}

export async function main(argv: readonly string[]): Promise<void> {
  try {
    await createProgram().parseAsync([...argv], { from: 'user' })
  } catch (error) {
    console.error(`crdconv: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  }
}
