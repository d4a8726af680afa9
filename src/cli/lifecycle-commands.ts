import type { Command } from 'commander'
import type { CommandContext } from './main.ts'
import { registerMigrateCommand } from './migrate-command.ts'
import { registerRetireCommand } from './retire-command.ts'
import { registerStatusCommand } from './status-command.ts'

/** The commands that act on a live cluster's version lifecycle. */
export function registerLifecycleCommands(program: Command, context: CommandContext): void {
  registerStatusCommand(program, context)
  registerMigrateCommand(program, context)
  registerRetireCommand(program, context)
}
