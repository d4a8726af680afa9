// The TypeScript an import writes for one kind: the module and its round-trip test.
import { movesSource } from './moves-render.ts'
import type { ResourcePlan } from './resource-plan.ts'
import { planTodos, todoCategory } from './todo-summary.ts'
import { newSourceDefinitions, propertyKey, zodSource } from './zod-render.ts'

// JavaScript's reserved words, and the names the module declares itself
const RESERVED = new Set([
  'function',
  'class',
  'delete',
  'default',
  'new',
  'import',
  'export',
  'versions',
  'scheme',
])

/** The runtime package the generated module imports from; `@crdconv/webhook` in a project made by init. */
export interface ModuleSourceOptions {
  readonly packageName?: string
  /** Where the test imports the module from; default `./<module>.ts`, beside it. */
  readonly moduleImport?: string
}

/** `certificate` for kind `Certificate`: the name of the exported resource. */
export function resourceIdentifier(kind: string): string {
  const name = `${kind.charAt(0).toLowerCase()}${kind.slice(1)}`
  return RESERVED.has(name) ? `${name}Resource` : name
}

/** `certificate` for `Certificate`, `http-route` for `HTTPRoute`: the file name, without `.ts`. */
export function moduleBaseName(kind: string): string {
  return kind
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .toLowerCase()
}

/**
 * The module of `plan` (unformatted): one exported zod schema per version, the resource, a
 * scheme holding it (so `crdconv crd --scheme` reads it), and field moves between neighbours.
 */
export function moduleSource(plan: ResourcePlan, options: ModuleSourceOptions = {}): string {
  const packageName = options.packageName ?? '@crdconv/webhook'
  const resource = resourceIdentifier(plan.kind)
  const { group } = plan.identity as { group: string }
  const definitions = newSourceDefinitions()
  for (const version of plan.versions) definitions.taken.add(version.schemaName)
  const schemas = plan.versions.map((version) => {
    // each version its own schema objects, even where two are equal: editing one version's
    // schema never changes another's
    const own = { ...definitions, names: new Map<string, string>() }
    let source = zodSource(version.schema, version.schemaName, own)
    if (version.rootFields !== undefined) {
      source += `.register(crdRootFields, ${JSON.stringify(version.rootFields)})`
    }
    return `/** ${plan.kind} at ${group}/${version.name}. */\nexport const ${version.schemaName} = ${source}\n`
  })
  const versions = plan.versions.map((version) => {
    const settings = Object.entries(version.settings).map(
      ([key, value]) => `${key}: ${JSON.stringify(value)}`
    )
    return `${propertyKey(version.name)}: { schema: ${[version.schemaName, ...settings].join(', ')} }`
  })
  const identity = Object.entries(plan.identity).map(
    ([key, value]) => `${key}: ${JSON.stringify(value)}`
  )
  const body = `${definitions.lines.join('\n')}\n${schemas.join('\n')}`
  // the CRD keywords zod has no word for, where the module states any
  const registries = ['crdKeywords', 'crdRootFields'].filter((name) => body.includes(name))
  const moves = plan.converters.length > 0
  const imports = [
    'createScheme',
    'defineResource',
    ...registries,
    ...(moves ? ['fieldMoves', 'type VersionMap'] : []),
  ]
  const versionMap = `{ ${versions.join(',\n')} }`
  return `// Written by \`crdconv import\` from the CRD ${String((plan.identity['names'] as Record<string, unknown>)['plural'])}.${group}.
// It is yours now: edit the schemas, and decide the TODOs where the versions differ.
import * as z from 'zod'
import { ${imports.join(', ')} } from '${packageName}'

${body}
${moves ? `const versions = ${versionMap} satisfies VersionMap\n` : ''}
export const ${resource} = defineResource({
  ${identity.join(',\n')},
  versions${moves ? '' : `: ${versionMap}`},
  converters: [${plan.converters.map(movesSource).join('\n')}\n],
})

/** The scheme \`crdconv crd --scheme\` and the webhook serve. */
export const scheme = createScheme([${resource}])
`
}

/** The round-trip test of the module (unformatted). */
export function testSource(plan: ResourcePlan, options: ModuleSourceOptions = {}): string {
  const resource = resourceIdentifier(plan.kind)
  const moduleImport = options.moduleImport ?? `./${moduleBaseName(plan.kind)}.ts`
  return `import { describe, it } from 'vitest'
import { expectLosslessRoundTrips } from 'crdconv/testing'
import { ${resource} } from '${moduleImport}'

describe('${plan.kind}', () => {
  it('converts every version without losing data', () => {
    expectLosslessRoundTrips(${resource})
  })${todoSource(plan)}
})
`
}

// what import could not match, one \`it.todo\` each, by category: vitest lists them with every run
function todoSource(plan: ResourcePlan): string {
  const lines = planTodos(plan).map(
    ({ pair, todo }) =>
      `  it.todo(${JSON.stringify(`${todoCategory(todo)}: ${pair}: ${todo.difference}`)})`
  )
  if (lines.length === 0) return ''
  return `\n\n  // yours to decide: the TODOs of ${moduleBaseName(plan.kind)}.ts\n${lines.join('\n')}`
}
