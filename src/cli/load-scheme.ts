import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { exampleScheme } from '../resources/index.ts'
import type { Resource, Scheme } from '../scheme/index.ts'
import { UsageError } from './cli-io.ts'

export const SCHEME_OPTION_HELP =
  'module (.ts or .js) exporting `scheme`, a createScheme(...) result, as a named or default export (default: the built-in CronTab example)'

/**
 * The scheme in `module` (its `scheme` export, else its default export), or the built-in example
 * when no module is given. A `SchemeError` thrown while the module loads (a definition mistake)
 * passes through; anything else that stops it loading is a usage error.
 */
export async function loadScheme(module: string | undefined, cwd: string): Promise<Scheme> {
  if (module === undefined) return exampleScheme
  const path = resolve(cwd, module)
  if (!existsSync(path)) throw new UsageError(`--scheme ${module}: no such file`)
  let exports: Record<string, unknown>
  try {
    if (TYPESCRIPT_FILE.test(path)) await registerTypeScriptLoader()
    exports = (await import(pathToFileURL(path).href)) as Record<string, unknown>
  } catch (error) {
    if (error instanceof Error && error.name === 'SchemeError') throw error
    const reason = error instanceof Error ? error.message : String(error)
    throw new UsageError(`--scheme ${module} could not be loaded: ${reason}`)
  }
  const scheme = exports['scheme'] ?? exports['default']
  if (!isScheme(scheme)) {
    throw new UsageError(
      `--scheme ${module} exports no scheme: add \`export const scheme = createScheme([yourResource])\``
    )
  }
  return scheme
}

const TYPESCRIPT_FILE = /\.[cm]?tsx?$/

/**
 * The built CLI runs on plain node, which does not load TypeScript: a `.ts` scheme gets tsx's
 * loader, registered once, only when one is asked for (importing the library never needs it).
 */
async function registerTypeScriptLoader(): Promise<void> {
  if (typeScriptLoaderRegistered) return
  const { register } = await import('tsx/esm/api')
  register()
  typeScriptLoaderRegistered = true
}
let typeScriptLoaderRegistered = false

function isScheme(value: unknown): value is Scheme {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as Scheme).resources) &&
    typeof (value as Scheme).convert === 'function'
  )
}

/**
 * The resources `--resource` names (by kind, plural, singular, short name, or with the group:
 * `crontabs.example.com`, `CronTab.example.com`), or all of them without it.
 */
export function selectResources(scheme: Scheme, name: string | undefined): readonly Resource[] {
  if (name === undefined) return scheme.resources
  const wanted = name.toLowerCase()
  const matches = scheme.resources.filter((resource) => {
    const names = [
      resource.kind,
      resource.names.plural,
      resource.names.singular,
      ...(resource.names.shortNames ?? []),
    ].map((candidate) => candidate.toLowerCase())
    return (
      names.includes(wanted) ||
      names.some((candidate) => `${candidate}.${resource.group}` === wanted)
    )
  })
  if (matches.length === 0) {
    const known = scheme.resources.map((resource) => `${resource.names.plural}.${resource.group}`)
    throw new UsageError(
      `--resource ${name} matches no resource; the scheme has ${known.join(', ') || 'none'}`
    )
  }
  return matches
}
