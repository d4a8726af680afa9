import type { Command } from 'commander'
import type { CommandContext } from './main.ts'
import { registerMigrateCommand } from './migrate-command.ts'
import { registerRetireCommand } from './retire-command.ts'

/** The commands that act on a live cluster's version lifecycle. */
export function registerLifecycleCommands(program: Command, context: CommandContext): void {
  registerMigrateCommand(program, context)
  registerRetireCommand(program, context)
}
