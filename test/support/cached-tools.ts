// Where the tools that tools/sam-cli/install.sh and tools/helm/build.sh put into a cache outside
// the clone are, if they are on this machine: the tests that run them skip by this name when not.
import { existsSync, readFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'

const repository = resolve(import.meta.dirname, '../..')

/**
 * The path of `file` in the version folder that `script` (which pins `version="…"`) fills under
 * ~/.cache/crdconv/`folder` (or `$cacheVariable`, as the script reads it), or why it is absent.
 */
function cachedTool(
  script: string,
  folder: string,
  cacheVariable: string,
  file: string
): { path: string } | { skip: string } {
  const version = /^version="([^"]+)"$/m.exec(readFileSync(join(repository, script), 'utf8'))?.[1]
  const cache =
    process.env[cacheVariable] ??
    join(process.env['XDG_CACHE_HOME'] ?? join(homedir(), '.cache'), 'crdconv', folder)
  const path = join(cache, version ?? '', file)
  return existsSync(path) ? { path } : { skip: `${path} is absent: bash ${script} installs it` }
}

/** `sam` of the AWS SAM CLI, with cfn-lint beside it in the same venv. */
export const samCli = () =>
  cachedTool('tools/sam-cli/install.sh', 'sam', 'CRDCONV_SAM_CACHE', 'bin/sam')

/** `helm`, built from the Go module proxy. */
export const helmCommand = () =>
  cachedTool('tools/helm/build.sh', 'helm', 'CRDCONV_HELM_CACHE', 'helm')

/** tools/node-image/build.sh's record of the Node base image it built with buildah. */
export const nodeBaseImage = () =>
  cachedTool('tools/node-image/build.sh', 'image', 'CRDCONV_IMAGE_CACHE', 'base-image.env')

/** `promtool` or `prometheus` from Debian's package, which tools/prometheus/install.sh installs. */
export function prometheusTool(
  name: 'promtool' | 'prometheus'
): { path: string } | { skip: string } {
  for (const folder of (process.env['PATH'] ?? '').split(':')) {
    const path = join(folder, name)
    if (folder !== '' && existsSync(path)) return { path }
  }
  return { skip: `${name} is not on PATH: bash tools/prometheus/install.sh installs it` }
}
