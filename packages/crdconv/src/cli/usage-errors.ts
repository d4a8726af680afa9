// Usage errors as the tools people know print them: one line that names the option and the fix,
// then where the whole usage is (`see \`crdconv crd --help\``), never the help itself.
import type { Command } from 'commander'

const HELP_FLAGS = new Set(['-h', '--help', 'help', '-V', '--version'])

/** `crdconv <command>`, or `crdconv` for the program itself. */
function commandLine(command: Command): string {
  return command.parent === null ? command.name() : `${command.parent.name()} ${command.name()}`
}

/**
 * One line of a message that may have several: commander's "error: …\n(Did you mean --url?)", or
 * a problem list ("rules:\n  - a\n  - b") becomes "rules: a; b".
 */
export function oneLine(message: string): string {
  return message
    .replace(/^error: /, '')
    .split('\n')
    .map((line) => line.trim().replace(/^- /, ''))
    .filter((line) => line !== '')
    .reduce((joined, line) => {
      if (joined === '') return line
      if (line.startsWith('(')) return `${joined} ${line.replace(/^\(Did/, '(did')}`
      return `${joined}${joined.endsWith(':') ? ' ' : '; '}${line}`
    }, '')
}

/** `crdconv crd: <message>; see `crdconv crd --help``. */
export function usageLine(command: Command, message: string): string {
  const line = commandLine(command)
  return `${line}: ${oneLine(message).replace(/\.$/, '')}; see \`${line} --help\`\n`
}

/** Every command of `program` reports commander's usage errors in one line, without the help. */
export function reportUsageErrorsInOneLine(program: Command): void {
  for (const command of [program, ...program.commands]) {
    command.showHelpAfterError(false).configureOutput({
      outputError: (text, write) => write(usageLine(command, text)),
    })
  }
}

/**
 * Commander checks required options before unknown ones, so `--urll x` was "required option
 * '--url' not specified". This parses `argv` once with every option optional and no action, so an
 * unknown option (or a bad value) is what is reported first; it throws commander's error, printed.
 */
export function refuseUnknownOptionsFirst(scratch: Command, argv: readonly string[]): void {
  if (argv.some((argument) => HELP_FLAGS.has(argument))) return
  for (const command of scratch.commands) {
    command.action(() => undefined)
    for (const option of command.options) option.makeOptionMandatory(false)
    command.allowExcessArguments(true)
  }
  scratch.parse([...argv], { from: 'user' })
}
