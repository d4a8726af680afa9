// Where the helm command that tools/helm/build.sh builds is, if it is on this machine: the chart
// tests skip by this name when it is not.
import { existsSync, readFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'

const buildScript = resolve(import.meta.dirname, '../../tools/helm/build.sh')

/** The helm release the build script pins. */
export const HELM_VERSION = /^version="([^"]+)"$/m.exec(
  readFileSync(buildScript, 'utf8')
)?.[1] as string

const cache =
  process.env['CRDCONV_HELM_CACHE'] ??
  join(process.env['XDG_CACHE_HOME'] ?? join(homedir(), '.cache'), 'crdconv', 'helm')

/** The path of `helm` (`CRDCONV_HELM`, or the build script's cache), or why it is not here. */
export function helmCommand(): { helm: string } | { skip: string } {
  const helm = process.env['CRDCONV_HELM'] ?? join(cache, HELM_VERSION, 'helm')
  if (existsSync(helm)) return { helm }
  return { skip: `helm ${HELM_VERSION} is not at ${helm}: bash tools/helm/build.sh builds it` }
}
