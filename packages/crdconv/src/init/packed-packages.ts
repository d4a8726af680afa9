// `crdconv init --from <folder>`: the project depends on the tarballs `npm run pack` wrote into
// <folder> (a crdconv clone's), by `file:` references, while the packages are not on the registry.
import { existsSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import type { ToolVersions } from './tool-versions.ts'

/** The tarball names `npm pack` gives both packages at `version`. */
export function packedTarballNames(version: string): { webhook: string; crdconv: string } {
  return { webhook: `crdconv-webhook-${version}.tgz`, crdconv: `crdconv-${version}.tgz` }
}

/**
 * `tools` with both packages taken from the tarballs in `from` (relative to `cwd`), as `file:`
 * references relative to `projectDir` (so the project installs them with a plain `npm install`),
 * or why not.
 *
 * @example
 * fromPackedFolder(toolVersions(), 'packed', '/src/crdconv', '/src/my-webhook')
 * // { tools: { ..., webhook: 'file:../crdconv/packed/crdconv-webhook-0.2.0.tgz', crdconv: 'file:../crdconv/packed/crdconv-0.2.0.tgz' } }
 */
export function fromPackedFolder(
  tools: ToolVersions,
  from: string,
  cwd: string,
  projectDir: string
): { tools: ToolVersions } | { problem: string } {
  const folder = resolve(cwd, from)
  const names = packedTarballNames(tools.version)
  const missing = Object.values(names).filter((name) => !existsSync(join(folder, name)))
  if (missing.length > 0) {
    return {
      problem: `--from ${from} holds no ${missing.join(' or ')}: run \`npm run pack -- ${from}\` in the crdconv clone first`,
    }
  }
  const reference = (name: string) => {
    const path = relative(projectDir, resolve(folder, name))
    return `file:${path.startsWith('.') ? path : `./${path}`}`
  }
  return {
    tools: { ...tools, webhook: reference(names.webhook), crdconv: reference(names.crdconv) },
  }
}
