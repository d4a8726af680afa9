// Every crdconv run in the suites goes through here: the path tokens in play (in `--url`, a
// `--token-file`, `CONVERT_TOKEN`, the project's .dev.vars) must not appear in what it printed,
// except as the CRD's own webhook URL in the manifest `crd` prints.
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseEnv } from 'node:util'

const SEGMENT_AFTER_CONVERT = /\/convert\/([^/?#\s"'<>]+)/g
const TOKEN_LIKE = /^[A-Za-z0-9._~-]{32,}$/

/** The tokens a `crdconv <argv>` run in `cwd` with `environment` can know. */
export function tokensInPlay(
  argv: readonly string[],
  cwd: string,
  environment: Readonly<Record<string, string | undefined>> = process.env
): string[] {
  const tokens = new Set<string>()
  const add = (value: string | undefined) => {
    const trimmed = value?.trim()
    if (trimmed !== undefined && TOKEN_LIKE.test(trimmed)) tokens.add(trimmed)
  }
  for (const [, segment] of argv.join(' ').matchAll(SEGMENT_AFTER_CONVERT)) add(segment)
  const tokenFile = argv[argv.indexOf('--token-file') + 1]
  if (argv.includes('--token-file') && tokenFile !== undefined) {
    addTokensOfFile(resolve(cwd, tokenFile), add)
  }
  add(environment['CONVERT_TOKEN'])
  addTokensOfFile(resolve(cwd, '.dev.vars'), add)
  return [...tokens]
}

function addTokensOfFile(file: string, add: (value: string | undefined) => void): void {
  if (!existsSync(file)) return
  const text = readFileSync(file, 'utf8')
  Object.values(parseEnv(text)).forEach(add)
  text.split('\n').forEach(add)
}

// the lines of a printed CRD that hold its webhook address: the one place a token belongs
const CRD_URL_LINE = /^\s*"?(url|path)"?\s*:/

/**
 * Throws when `output` shows a token of `tokens`, or an unredacted `/convert/<segment>` that
 * looks like one. The manifest `crd` prints may hold it in its `url` or `path` line.
 */
export function expectNoTokenIn(
  command: string | undefined,
  output: { readonly stdout: string; readonly stderr: string },
  tokens: readonly string[]
): void {
  const stdout =
    command === 'crd'
      ? output.stdout
          .split('\n')
          .filter((line) => !CRD_URL_LINE.test(line))
          .join('\n')
      : output.stdout
  for (const [stream, text] of [
    ['stdout', stdout],
    ['stderr', output.stderr],
  ] as const) {
    const leaked = tokens.find((token) => text.includes(token))
    const segment = [...text.matchAll(SEGMENT_AFTER_CONVERT)].find(([, value]) =>
      TOKEN_LIKE.test(value ?? '')
    )
    if (leaked !== undefined || segment !== undefined) {
      throw new Error(
        `crdconv ${command ?? ''} printed a path token on ${stream}${leaked === undefined ? ` (${segment?.[0].slice(0, 12)}…)` : ''}: every message must say /convert/<redacted>`
      )
    }
  }
}
