import { existsSync } from 'node:fs'
import { register as registerHooks } from 'node:module'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { checkDefinitions, type Resource, type Scheme } from '@crdconv/webhook/scheme'
import { Option, type Command } from 'commander'
import { projectSettings, UsageError } from '../command-io/index.ts'
import { descriptionsModule, PROJECT_SCHEME } from '../init/index.ts'

export const SCHEME_OPTION_HELP = `module (.ts or .js) exporting \`scheme\`, a createScheme(...) result, as a named or default export (default: package.json's "crdconv": { "scheme" }, else ${PROJECT_SCHEME})`

/**
 * The scheme in `module` (its `scheme` export, else its default export). Without one: the module
 * named by `"crdconv": { "scheme": … }` in `cwd`'s package.json, else `src/scheme.ts`. Its
 * definitions are checked (`checkDefinitions`): a `SchemeError`, thrown by them or while the
 * module loads (a definition mistake), passes through; anything else that stops it loading is
 * a usage error. Its `.descriptions` sibling is loaded after it (`descriptionsModule`). With
 * `fresh`, the project's own modules load again (those in `node_modules` do not), so a module
 * edited since the last load is read again: `crdconv dev` reloads a changed scheme that way.
 */
export async function loadScheme(
  given: string | undefined,
  cwd: string,
  options: { readonly fresh?: boolean } = {}
): Promise<Scheme> {
  const module = schemeModule(given, cwd)
  const path = resolve(cwd, module)
  if (!existsSync(path)) {
    throw new UsageError(
      'scheme-not-found',
      given === undefined
        ? `no --scheme given, and no ${module} in ${cwd}: name the module that exports your scheme with --scheme, or in package.json as "crdconv": { "scheme": "path/to/scheme.ts" }`
        : `--scheme ${module}: no such file`
    )
  }
  let exports: Record<string, unknown>
  const descriptions = descriptionsModule(path)
  const modules = existsSync(descriptions) ? [path, descriptions] : [path]
  try {
    const loaded =
      options.fresh === true ? await importInNewGraph(modules) : await importAll(modules)
    exports = loaded[0] ?? {}
  } catch (error) {
    if (error instanceof Error && error.name === 'SchemeError') throw error
    const reason = error instanceof Error ? error.message : String(error)
    throw new UsageError('scheme-unloadable', `--scheme ${module} could not be loaded: ${reason}`)
  }
  const scheme = exports['scheme'] ?? exports['default']
  if (!isScheme(scheme)) {
    throw new UsageError(
      'scheme-not-found',
      `--scheme ${module} exports no scheme: add \`export const scheme = createScheme([yourResource])\``
    )
  }
  checkDefinitions(scheme.resources)
  return scheme
}

/** The module `--scheme` names, else package.json's `"crdconv": { "scheme" }`, else `src/scheme.ts`. */
export function schemeModule(given: string | undefined, cwd: string): string {
  return given ?? projectSettings(cwd).scheme ?? PROJECT_SCHEME
}

const TYPESCRIPT_FILE = /\.[cm]?tsx?$/
const RELOAD_MARK = 'crdconv-reload'

/**
 * The built CLI runs on plain node, which does not load TypeScript: a `.ts` scheme gets tsx's
 * loader, registered once, only when one is asked for (importing the library never needs it).
 * Then {@link ESM_TYPESCRIPT_HOOK}, which runs before tsx's and loads the user's TypeScript as ESM
 * wherever it lives.
 */
async function registerTypeScriptLoader(): Promise<void> {
  if (typeScriptLoaderRegistered) return
  const { register } = await import('tsx/esm/api')
  register()
  registerHooks(`data:text/javascript,${encodeURIComponent(ESM_TYPESCRIPT_HOOK)}`)
  typeScriptLoaderRegistered = true
}
let typeScriptLoaderRegistered = false

/**
 * A `.ts` or `.tsx` file outside `node_modules` whose package.json lacks `"type": "module"` (or
 * with no package.json at all) loads as CommonJS, and its `import` of an ES module then fails
 * with Node's "Cannot require() ES Module … in a cycle" (Node 20) or "module not been linked"
 * (Node 22), which tell the user nothing. A scheme is written with `import` (every example and
 * scaffold is), so this load hook has tsx load such a file as an ES module, with the same
 * `@crdconv/webhook` instance as the CLI. `.cts` files and packages in `node_modules` load as
 * Node says.
 *
 * Its resolve hook gives the modules a reload (a URL that carries `crdconv-reload=N`) imports by
 * a path of the project's (`./`, `../`, `/`, `#`) the same mark, so they are read again, while
 * packages (`zod`, `@crdconv/webhook`) stay the CLI's own instances: a second `@crdconv/webhook`
 * would keep the schemas' `crdKeywords` and descriptions where the CLI's CRD generator cannot
 * read them.
 */
const ESM_TYPESCRIPT_HOOK = `export async function load(url, context, nextLoad) {
  const user = url.startsWith('file:') && !url.includes('/node_modules/')
  return nextLoad(url, user && /\\.tsx?$/.test(new URL(url).pathname) ? { ...context, format: 'module' } : context)
}
export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context)
  const reload = /[?&]${RELOAD_MARK}=(\\d+)/.exec(context.parentURL ?? '')
  const own = /^(\\.|\\/|file:|#)/.test(specifier) && resolved.url.startsWith('file:') && !resolved.url.includes('/node_modules/')
  if (reload === null || !own) return resolved
  const url = new URL(resolved.url)
  url.searchParams.set('${RELOAD_MARK}', reload[1])
  return { ...resolved, url: url.href }
}`

/** `paths` imported in order, as any module is (a `.ts` one through tsx's loader). */
async function importAll(paths: readonly string[]): Promise<Record<string, unknown>[]> {
  const loaded: Record<string, unknown>[] = []
  for (const path of paths) {
    if (TYPESCRIPT_FILE.test(path)) await registerTypeScriptLoader()
    loaded.push((await import(pathToFileURL(path).href)) as Record<string, unknown>)
  }
  return loaded
}

/**
 * `paths` imported in order as a reload of their own: each URL, and that of every project module
 * they import, carries a new `crdconv-reload` mark, so none comes from the module cache.
 */
async function importInNewGraph(paths: readonly string[]): Promise<Record<string, unknown>[]> {
  await registerTypeScriptLoader()
  reloads += 1
  const loaded: Record<string, unknown>[] = []
  for (const path of paths) {
    const url = pathToFileURL(path)
    url.searchParams.set(RELOAD_MARK, String(reloads))
    loaded.push((await import(url.href)) as Record<string, unknown>)
  }
  return loaded
}
let reloads = 0

function isScheme(value: unknown): value is Scheme {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as Scheme).resources) &&
    typeof (value as Scheme).convert === 'function'
  )
}

/** `--scheme` and `--resource`: which scheme module, and which of its resources. */
export interface SchemeSelection {
  scheme?: string | undefined
  resource?: string | undefined
}

/** `--resource <name>`, the one flag every command selects a resource with. */
export function resourceOption(): Option {
  return new Option('--resource <name>', RESOURCE_OPTION_HELP)
}

/**
 * The resources `selection` names in its scheme module (all of them without `--resource`).
 *
 * @example
 * ```ts
 * const resources = await loadSelectedResources({ scheme: 'src/scheme.ts', resource: 'crontabs' }, cwd)
 * ```
 */
export async function loadSelectedResources(
  selection: SchemeSelection,
  cwd: string
): Promise<readonly Resource[]> {
  return selectResources(await loadScheme(selection.scheme, cwd), selection.resource)
}

/** `--scheme <module>` and `--resource <name>` on `command`, as every command that selects one reads them. */
export function addSchemeOptions(command: Command): Command {
  return command.option('--scheme <module>', SCHEME_OPTION_HELP).addOption(resourceOption())
}

export const RESOURCE_OPTION_HELP = 'only this resource (kind, plural, short name, or plural.group)'

/**
 * The resources `--resource` names (by kind, plural, singular, short name, or with the group:
 * `crontabs.example.com`, `CronTab.example.com`), or all of them without it.
 */
export function selectResources(scheme: Scheme, name: string | undefined): readonly Resource[] {
  if (name === undefined) return scheme.resources
  const matches = scheme.resources.filter((resource) =>
    namesResource(
      [
        resource.kind,
        resource.names.plural,
        resource.names.singular,
        ...(resource.names.shortNames ?? []),
      ],
      resource.group,
      name
    )
  )
  if (matches.length === 0) {
    const known = scheme.resources.map((resource) => resource.identity.crdName)
    throw new UsageError(
      'resource-unknown',
      `--resource ${name} matches no resource; the scheme has ${known.join(', ') || 'none'}`
    )
  }
  return matches
}

/**
 * Whether `--resource <wanted>` names a resource with these `names` (kind, plural, singular,
 * short names) in `group`: any of them, alone or with `.group`, in any case.
 */
export function namesResource(names: readonly string[], group: string, wanted: string): boolean {
  const lower = wanted.toLowerCase()
  return names.some(
    (candidate) =>
      candidate.toLowerCase() === lower || `${candidate}.${group}`.toLowerCase() === lower
  )
}
