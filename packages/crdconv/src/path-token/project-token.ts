// Where the CLI finds the path token a deploy put in place, so that the user never pastes it into
// a command line (where shells, process lists and CI logs would keep it).
import { parseEnv } from 'node:util'
import { checkPathTokens, SettingsError, SETTING_VARIABLES } from '@crdconv/webhook/http'
import { UsageError } from '../command-io/index.ts'
import { PROJECT_TOKEN_FILE } from './path-token-file.ts'
import { readTokenFile, tokensInFile } from './token-file.ts'

const TOKEN_VARIABLE = SETTING_VARIABLES.tokens[0]

/** A token and where it was found (for messages: the source, never the token). */
export interface FoundPathToken {
  readonly token: string
  readonly source: string
}

/**
 * The path token: from `tokenFile` (a token per line, or `CONVERT_TOKEN=…` lines), else the
 * `CONVERT_TOKEN` variable, else the project's `.dev.vars` in `cwd`; undefined when none is set.
 * A token that cannot work is a usage error naming its source.
 */
export async function findPathToken(options: {
  readonly tokenFile?: string | undefined
  readonly cwd: string
  readonly environment: Readonly<Record<string, string | undefined>>
}): Promise<FoundPathToken | undefined> {
  if (options.tokenFile !== undefined) {
    const text = await readTokenFile(options.cwd, options.tokenFile, true)
    return checked(tokensInFile(text ?? '')[0], `--token-file ${options.tokenFile}`)
  }
  const fromEnvironment = options.environment[TOKEN_VARIABLE]?.trim()
  if (fromEnvironment) return checked(fromEnvironment, TOKEN_VARIABLE)
  const project = await readTokenFile(options.cwd, PROJECT_TOKEN_FILE, false)
  if (project === undefined) return undefined
  const token = parseEnv(project)[TOKEN_VARIABLE]?.trim()
  return token ? checked(token, `${TOKEN_VARIABLE} in ${PROJECT_TOKEN_FILE}`) : undefined
}

/** The path tokens of the project's `.dev.vars`, by variable, and where they were found. */
export interface ProjectFileTokens {
  readonly variables: Readonly<Record<string, string>>
  /** in `--token-file`'s order: `CONVERT_TOKEN`, then `CONVERT_TOKEN_NEXT` */
  readonly tokens: readonly string[]
  readonly source: string
}

/**
 * The path tokens a local server takes from the project's `.dev.vars` in `cwd`, as `wrangler dev`
 * does: `CONVERT_TOKEN` (and `CONVERT_TOKEN_NEXT`) of the file, unless the environment sets either
 * (the environment wins); undefined when it does, or when the file is absent or holds none.
 *
 * @example
 * ```ts
 * const found = await projectFileTokens(process.cwd(), process.env)
 * if (found) console.error(`path token: ${found.source}`) // never the token itself
 * ```
 */
export async function projectFileTokens(
  cwd: string,
  environment: Readonly<Record<string, string | undefined>>
): Promise<ProjectFileTokens | undefined> {
  if (SETTING_VARIABLES.tokens.some((name) => environment[name]?.trim())) return undefined
  const text = await readTokenFile(cwd, PROJECT_TOKEN_FILE, false)
  if (text === undefined) return undefined
  const parsed = parseEnv(text)
  const variables: Record<string, string> = {}
  for (const name of SETTING_VARIABLES.tokens) {
    const token = parsed[name]?.trim()
    if (token) variables[name] = checked(token, `${name} in ${PROJECT_TOKEN_FILE}`).token
  }
  const names = Object.keys(variables)
  if (names.length === 0) return undefined
  return {
    variables,
    tokens: Object.values(variables),
    source: `${names.join(' and ')} in ${PROJECT_TOKEN_FILE}`,
  }
}

function checked(token: string | undefined, source: string): FoundPathToken {
  if (token === undefined) throw new UsageError('input-invalid', `${source} holds no token`)
  try {
    checkPathTokens([token], () => source)
  } catch (error) {
    if (error instanceof SettingsError) throw new UsageError('settings-invalid', error.message)
    throw error
  }
  return { token, source }
}
