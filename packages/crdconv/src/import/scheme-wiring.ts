// Adds imported resources to a project's `src/scheme.ts`: an import line each, and the resource
// in the one `createScheme([...])` list, so the Worker, the Lambda, the server and every command
// serve it. Text in, text out: the caller writes nothing when it answers a problem.

/** One resource to add: its exported name and the module, relative to the scheme's folder. */
export interface SchemeWiring {
  readonly identifier: string
  /** `./resources/machine.ts` */
  readonly module: string
  /** The module exports an XRD: the list takes its resources, `...identifier.resources`. */
  readonly xrd?: boolean
}

const CREATE_SCHEME = /createScheme\(\s*\[([^\]]*)\]/g
// an import statement from its first line to the module it names, over several lines if need be
const IMPORT_STATEMENT = /^import\b[^;]*?\bfrom\s*(['"])[^'"\n]+\1;?[ \t]*$/gm

/**
 * `source` (a scheme module) with each of `added` imported and put in its `createScheme([...])`
 * (an XRD's resources spread, `...xrd.resources`), or the reason it cannot be done. A resource the list names already is left as it is (an import
 * run again); a name the module declares already is imported under another name.
 *
 * @example
 * ```ts
 * wireIntoScheme("import { createScheme } from '@crdconv/webhook'\nexport const scheme = createScheme([cronTab])\n",
 *   [{ identifier: 'machine', module: './resources/machine.ts' }])
 * // → "...import { machine } from './resources/machine.ts'\n...createScheme([cronTab, machine])..."
 * ```
 */
export function wireIntoScheme(
  source: string,
  added: readonly SchemeWiring[]
): { source: string } | { problem: string } {
  const lists = [...source.matchAll(CREATE_SCHEME)]
  if (lists.length !== 1) {
    return {
      problem: `it has ${lists.length === 0 ? 'no' : lists.length} createScheme([...]) list${lists.length === 0 ? '' : 's'}, and import adds to exactly one`,
    }
  }
  const list = lists[0] as RegExpExecArray
  const listed = (list[1] ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
  const imports: string[] = []
  for (const { identifier, module, xrd } of added) {
    const entry = (name: string) => (xrd === true ? `...${name}.resources` : name)
    if (listed.includes(entry(identifier)) && importsFrom(source, identifier, module)) continue
    const name = freeName(source, [...listed, ...imports], identifier)
    imports.push(
      `import { ${name === identifier ? identifier : `${identifier} as ${name}`} } from '${module}'`
    )
    listed.push(entry(name))
  }
  if (imports.length === 0) return { source }
  const start = list.index
  const end = start + list[0].length
  const withList = `${source.slice(0, start)}createScheme([${listed.join(', ')}]${source.slice(end)}`
  const statements = [...withList.slice(0, start).matchAll(IMPORT_STATEMENT)]
  const last = statements.at(-1)
  const at = last === undefined ? 0 : last.index + last[0].length + 1
  const block = `${imports.join('\n')}\n`
  return {
    source: `${withList.slice(0, at)}${last === undefined ? `${block}\n` : block}${withList.slice(at)}`,
  }
}

function importsFrom(source: string, identifier: string, module: string): boolean {
  return new RegExp(
    `import\\s*\\{[^}]*\\b${identifier}\\b[^}]*\\}\\s*from\\s*['"]${escape(module)}['"]`
  ).test(source)
}

/** `identifier`, or `imported<Identifier>` (then numbered) where the module has that name already. */
function freeName(source: string, listed: readonly string[], identifier: string): string {
  const taken = (name: string) =>
    listed.includes(name) || new RegExp(`(^|[^\\w$.])${escape(name)}([^\\w$]|$)`).test(source)
  if (!taken(identifier)) return identifier
  const base = `imported${identifier.charAt(0).toUpperCase()}${identifier.slice(1)}`
  let name = base
  for (let count = 2; taken(name); count++) name = `${base}${count}`
  return name
}

const DESCRIPTIONS_HEADER = `// The descriptions of the scheme's resources, for the CRD: crdconv's commands load this module
// after src/scheme.ts (\`crdconv crd\` writes them into the CRD). The webhook never imports it, so no
// Worker or Lambda carries their text. \`crdconv import --into\` adds a line for each resource it writes.
`

/**
 * `source` (the scheme's descriptions module, `undefined` where there is none yet) importing each
 * of `modules` (relative to its folder) once: `import './resources/machine.descriptions.ts'`.
 *
 * @example
 * ```ts
 * wireDescriptions(undefined, ['./resources/machine.descriptions.ts'])
 * // "// The descriptions of the scheme's resources …\nimport './resources/machine.descriptions.ts'\n"
 * ```
 */
export function wireDescriptions(source: string | undefined, modules: readonly string[]): string {
  let out = source ?? DESCRIPTIONS_HEADER
  for (const module of modules) {
    const line = `import '${module}'`
    if (!new RegExp(`^import\\s+['"]${escape(module)}['"]`, 'm').test(out)) {
      out = `${out}${out.endsWith('\n') || out === '' ? '' : '\n'}${line}\n`
    }
  }
  return out
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
