// The TypeScript an import writes for one kind: the module and its round-trip test.
import type { ConverterPlan, ResourcePlan } from './resource-plan.ts'
import { newSourceDefinitions, propertyKey, zodSource } from './zod-render.ts'

const RESERVED = new Set(['function', 'class', 'delete', 'default', 'new', 'import', 'export'])

/** The package the generated code imports from; `@crdconv/webhook` in a project made by init. */
export interface ModuleSourceOptions {
  readonly packageName?: string
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
 * scheme holding it (so `crdconv crd --scheme` reads it), and converters between neighbours.
 */
export function moduleSource(plan: ResourcePlan, options: ModuleSourceOptions = {}): string {
  const packageName = options.packageName ?? '@crdconv/webhook'
  const resource = resourceIdentifier(plan.kind)
  const { group } = plan.identity as { group: string }
  const definitions = newSourceDefinitions()
  for (const version of plan.versions) definitions.taken.add(version.schemaName)
  const schemas = plan.versions.map((version) => {
    let source = zodSource(version.schema, version.schemaName, definitions)
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
  const helper =
    plan.converters.length === 0
      ? ''
      : `
/** A copy of every field: right for what both versions share as it is; the rest is yours to write. */
function carryOver<Converted>(object: object): Converted {
  return { ...object } as Converted
}
`
  const body = `${definitions.lines.join('\n')}\n${schemas.join('\n')}`
  // the CRD keywords zod has no word for live behind the package's /crd subpath
  const registries = ['crdKeywords', 'crdRootFields'].filter((name) => body.includes(name))
  const keywords =
    registries.length === 0 ? '' : `import { ${registries.join(', ')} } from '${packageName}/crd'\n`
  return `// Written by \`crdconv import\` from the CRD ${String((plan.identity['names'] as Record<string, unknown>)['plural'])}.${group}.
// It is yours now: edit the schemas, and write the converters where the versions differ.
import * as z from 'zod'
import { createScheme, defineResource } from '${packageName}'
${keywords}
${body}
export const ${resource} = defineResource({
  ${identity.join(',\n')},
  versions: { ${versions.join(',\n')} },
  converters: [${plan.converters.map(converterSource).join('\n')}],
})

/** The scheme \`crdconv crd --scheme\` and the webhook serve. */
export const scheme = createScheme([${resource}])
${helper}`
}

function converterSource(converter: ConverterPlan): string {
  const comment =
    converter.differences.length === 0
      ? `// ${converter.from} and ${converter.to} declare the same fields`
      : [
          `// TODO: ${converter.from} and ${converter.to} differ at:`,
          ...converter.differences.map((path) => `//   ${path}`),
          '// say what each becomes there; until then the round-trip test names what is lost',
        ].join('\n')
  return `${comment}\n{ from: '${converter.from}', to: '${converter.to}', convert: (object) => carryOver(object) },`
}

/** The round-trip test of the module (unformatted). */
export function testSource(plan: ResourcePlan, options: ModuleSourceOptions = {}): string {
  const packageName = options.packageName ?? '@crdconv/webhook'
  const resource = resourceIdentifier(plan.kind)
  return `import { describe, it } from 'vitest'
import { expectLosslessRoundTrips } from '${packageName}/testing'
import { ${resource} } from './${moduleBaseName(plan.kind)}.ts'

describe('${plan.kind}', () => {
  it('converts every version without losing data', () => {
    expectLosslessRoundTrips(${resource})
  })
})
`
}
