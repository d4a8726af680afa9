// Where the AWS SAM CLI that tools/sam-cli/install.sh installs is, if it is on this machine: the
// tests that run `sam validate --lint` and `sam build` skip by this name when it is not.
import { existsSync, readFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'

const installScript = resolve(import.meta.dirname, '../../tools/sam-cli/install.sh')

/** The aws-sam-cli release the install script pins. */
export const SAM_CLI_VERSION = /^version="([^"]+)"$/m.exec(
  readFileSync(installScript, 'utf8')
)?.[1] as string

const cache =
  process.env['CRDCONV_SAM_CACHE'] ??
  join(process.env['XDG_CACHE_HOME'] ?? join(homedir(), '.cache'), 'crdconv', 'sam')

/** The folder holding `sam` (`CRDCONV_SAM_CLI`, or the install script's cache), or why not. */
export function samCli(): { bin: string } | { skip: string } {
  const bin = process.env['CRDCONV_SAM_CLI'] ?? join(cache, SAM_CLI_VERSION, 'bin')
  if (existsSync(join(bin, 'sam'))) return { bin }
  return {
    skip: `the AWS SAM CLI ${SAM_CLI_VERSION} is not in ${bin}: bash tools/sam-cli/install.sh installs it`,
  }
}
