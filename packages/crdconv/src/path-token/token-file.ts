// A file of path tokens (`--token-file`), read the same way by every command that takes one.
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { parseEnv } from 'node:util'
import { SETTING_VARIABLES } from '@crdconv/webhook/http'
import { describeError, UsageError } from '../command-io/index.ts'

/**
 * The tokens a token file holds, in order: its `CONVERT_TOKEN=` and `CONVERT_TOKEN_NEXT=` lines
 * when it has them (a `.dev.vars` or env file), else one token per line; blank and `#` lines are
 * left out.
 *
 * @example
 * ```ts
 * tokensInFile('CONVERT_TOKEN=abc\nCONVERT_TOKEN_NEXT=def\n') // ['abc', 'def']
 * tokensInFile('# rotating\nabc\ndef\n') // ['abc', 'def']
 * ```
 */
export function tokensInFile(text: string): string[] {
  const variables = parseEnv(text)
  const named = SETTING_VARIABLES.tokens
    .map((name) => variables[name]?.trim() ?? '')
    .filter((token) => token !== '')
  if (named.length > 0) return named
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
}

/**
 * The text of token file `file` (relative to `cwd`); undefined when it is absent and not
 * `required`, else a `file-unreadable` usage error naming the file.
 */
export async function readTokenFile(
  cwd: string,
  file: string,
  required: boolean
): Promise<string | undefined> {
  try {
    return await readFile(resolve(cwd, file), 'utf8')
  } catch (error) {
    if (!required && (error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw new UsageError(
      'file-unreadable',
      `cannot read --token-file ${file}: ${describeError(error)}`
    )
  }
}
