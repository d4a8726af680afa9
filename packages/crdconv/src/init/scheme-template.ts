// The `src/scheme.ts` that `crdconv init` writes: one zod schema per version and a pair of
// converters for each adjacent pair of versions, lossless both ways, so the new project's round-trip
// test passes before the author changes anything.
import { resolveNames } from '@crdconv/webhook/scheme'
import type { InitOptions } from './init-options.ts'

/**
 * The scheme module of a project made by `crdconv init`: what `import --into` adds resources to,
 * and what every command reads when `--scheme` is not given.
 */
export const PROJECT_SCHEME = 'src/scheme.ts'

/**
 * The scheme module's descriptions module: `src/scheme.descriptions.ts` beside `src/scheme.ts`.
 * Loaded after the scheme when it exists, it registers the schemas' descriptions
 * (`crdDescriptions`) for the CRD; the webhook, which imports only the scheme, carries none.
 *
 * @example
 * ```ts
 * descriptionsModule('/work/app/src/scheme.ts') // '/work/app/src/scheme.descriptions.ts'
 * ```
 */
export function descriptionsModule(schemePath: string): string {
  const extension = /\.[cm]?[jt]sx?$/.exec(schemePath)?.[0] ?? ''
  return `${schemePath.slice(0, schemePath.length - extension.length)}.descriptions${extension || '.ts'}`
}

/** The variable names the template gives the resource and its schemas: `cronTab`, `CronTabV1`. */
export function resourceIdentifiers(options: InitOptions): {
  resource: string
  schemas: readonly string[]
} {
  const resource = options.kind.charAt(0).toLowerCase() + options.kind.slice(1)
  const schemas = options.versions.map(
    (version) => `${options.kind}${version.charAt(0).toUpperCase()}${version.slice(1)}`
  )
  return { resource, schemas }
}

/** The source of `src/scheme.ts`. */
export function schemeSource(options: InitOptions): string {
  const { kind, group, versions, storage, scope } = options
  const { resource, schemas } = resourceIdentifiers(options)
  const names = resolveNames(kind)
  const schemaBlocks = versions.map((version, index) => {
    const field = index === 0 ? 'message' : 'greeting'
    const what =
      index === 0
        ? 'the first version'
        : index === 1
          ? '`message` is now `greeting`'
          : `the fields of ${versions[index - 1]}`
    return `/** \`${group}/${version}\`: ${what}. */
const ${schemas[index]} = z.object({
  spec: z.optional(
    z.object({
      ${field}: z.optional(z.string()).register(z.globalRegistry, { description: 'What to say' }),
      replicas: z
        .optional(z.int())
        .register(z.globalRegistry, { description: 'How many copies run' }),
    })
  ),
  status: z.optional(z.object({ ready: z.optional(z.boolean()) })),
})`
  })
  const versionEntries = versions.map((version) => {
    const index = versions.indexOf(version)
    const field = index === 0 ? 'message' : 'greeting'
    const storageFlag = version === storage ? '\n    storage: true,' : ''
    return `  ${version}: {
    schema: ${schemas[index]},${storageFlag}
    examples: [{ spec: { ${field}: 'hello', replicas: 1 } }],
  },`
  })
  const converters = versions.slice(1).flatMap((to, index) => {
    const from = versions[index] as string
    if (index === 0) {
      return [
        renameConverter(kind, from, to, 'message', 'greeting'),
        renameConverter(kind, to, from, 'greeting', 'message'),
      ]
    }
    return [copyConverter(kind, from, to), copyConverter(kind, to, from)]
  })
  return `import {
  converter,
  createScheme,
  defineResource,
  isPlainObject,
  type ConvertedObject,
} from '@crdconv/webhook'
import * as z from 'zod/mini'

// One zod schema per version: the fields beside apiVersion, kind and metadata. The schemas type the
// converters, generate the CRD (\`crdconv crd\`) and drive the round-trip test; at run time objects
// are converted as they arrive, never parsed, so fields a schema does not know survive.
// zod/mini keeps the Worker and Lambda bundles small; \`zod\` works too.

${schemaBlocks.join('\n\n')}

const versions = {
${versionEntries.join('\n')}
}

/** A ${kind} as a converter returns it at \`Version\`: each converter's return type. */
type ${kind}At<Version extends keyof typeof versions> = ConvertedObject<typeof versions, Version>

/**
 * ${kind}.${group}. Converters get the whole object and return it at the other version; crdconv
 * sets apiVersion and carries metadata over. They must not fail on missing fields (server-side
 * apply sends partial objects), and a round trip must give back exactly what went in. Each one's
 * return type makes a wrong shape on any path a type error.
 */
export const ${resource} = defineResource({
  group: '${group}',
  kind: '${kind}',
  names: { plural: '${names.plural}', singular: '${names.singular}' },
  scope: '${scope}',
  versions,
  subresources: { status: true },
  converters: [${converters.length === 0 ? '' : `\n${converters.join('\n')}\n  `}],
})

/** What the Worker, the Lambda and \`crdconv\` commands serve. */
export const scheme = createScheme([${resource}])
`
}

function renameConverter(
  kind: string,
  from: string,
  to: string,
  oldName: string,
  newName: string
): string {
  return `    converter(versions, '${from}', '${to}', ({ spec, ...rest }): ${kind}At<'${to}'> => {
      if (!isPlainObject(spec)) return spec === undefined ? rest : { ...rest, spec }
      const { ${oldName}, ...others } = spec
      if (${oldName} === undefined) return { ...rest, spec: others }
      return { ...rest, spec: { ...others, ${newName}: ${oldName} } }
    }),`
}

function copyConverter(kind: string, from: string, to: string): string {
  return `    // ${from} and ${to} have the same fields: write here what changes between them
    converter(versions, '${from}', '${to}', (object): ${kind}At<'${to}'> => ({ ...object })),`
}
