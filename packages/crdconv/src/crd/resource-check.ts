import { convertChecked } from '@crdconv/webhook/review'
import {
  checkDefinitions,
  createScheme,
  type ProblemCode,
  type Resource,
} from '@crdconv/webhook/scheme'
import { exampleObjects } from './example-objects.ts'
import { toCrdSchema, type SchemaProps } from './openapi-schema.ts'
import { schemaAtPath } from './schema-paths.ts'
import { statusRootViolations, structuralViolations } from './structural-rules.ts'
import { countOf, withArticle } from '../wording/index.ts'

/**
 * Which check of a `crdconv check` report an item is, and so what its problems are about: the
 * machine-readable half of a {@link CheckItem}. `checkResource` gives the first five; the command
 * adds the round trips, the coverage, the opaque subtrees the seeds reach and, with a cluster, the API server's dry run.
 */
export const CHECK_ITEM_CODES = [
  'storage-version-count',
  'conversion-paths',
  'schema-structural',
  'column-paths',
  'examples-convert',
  'lossless-round-trips',
  'conversion-coverage',
  'opaque-subtrees-reached',
  'api-server-accepts',
  'answers-accepted',
] as const

export type CheckItemCode = ProblemCode<typeof CHECK_ITEM_CODES>

/** One line of a `crdconv check` report: what was checked and what is wrong with it. */
export interface CheckItem {
  readonly code: CheckItemCode
  readonly title: string
  readonly problems: readonly string[]
  /** Worth knowing, not wrong: validation widened to keep the schema structural. */
  readonly notes: readonly string[]
}

// The schema types whose values the API server shows in a column of each type; a `string` column
// shows any value (its table convertor prints it with the JSONPath printer, an array as JSON),
// the others an empty cell for a value of another type (tableconvertor.go, cellForJSONValue).
const ANY_SCHEMA_TYPE = ['string', 'integer', 'number', 'boolean', 'array', 'object'] as const
const COLUMN_SCHEMA_TYPES: Record<string, readonly string[]> = {
  integer: ['integer'],
  number: ['number', 'integer'],
  string: ANY_SCHEMA_TYPE,
  boolean: ['boolean'],
  date: ['string'],
}

/**
 * Checks a resource's definition end to end: one storage version, a conversion path between
 * every pair, a structural schema per version, printer-column and scale paths that exist with
 * the right type, and the version's examples converting to every other version under the API
 * server's rules. Throws a `SchemeError` on a mistake in the definition (`checkDefinitions`),
 * as every `crdconv` command does when it loads the scheme.
 *
 * @example
 * ```ts
 * const failed = checkResource(cronTab).some((item) => item.problems.length > 0)
 * ```
 */
export function checkResource(resource: Resource): CheckItem[] {
  checkDefinitions([resource])
  const items: CheckItem[] = []
  const storage = resource.versionNames.filter((name) => resource.versions[name]?.storage)
  items.push({
    code: 'storage-version-count',
    title: `one storage version (${storage.join(', ') || 'none'})`,
    problems: storage.length === 1 ? [] : [`${storage.length} versions are marked storage: true`],
    notes: [],
  })
  const unreachable: string[] = []
  for (const from of resource.versionNames) {
    for (const to of resource.versionNames) {
      if (resource.paths.get(from)?.get(to) === undefined) unreachable.push(`${from} → ${to}`)
    }
  }
  items.push({
    code: 'conversion-paths',
    title: `every version converts to every other (${countOf(resource.versionNames.length, 'version')}, ${countOf(resource.converters.length, 'converter')})`,
    problems: unreachable.map((pair) => `no conversion path ${pair}`),
    notes: [],
  })
  for (const name of resource.versionNames) {
    const version = resource.versions[name]
    if (version === undefined) continue
    const schema = toCrdSchema(version.schema)
    const problems = [...schema.problems]
    if (problems.length === 0) problems.push(...structuralViolations(schema.openAPIV3Schema))
    if (problems.length === 0 && (version.subresources ?? resource.subresources)?.status === true) {
      problems.push(...statusRootViolations(schema.openAPIV3Schema))
    }
    items.push({
      code: 'schema-structural',
      title: `${name}: the schema is structural`,
      problems,
      notes: schema.notes,
    })
    if (schema.problems.length === 0) {
      items.push({
        code: 'column-paths',
        title: `${name}: printer-column and scale paths exist in the schema`,
        problems: pathProblems(resource, name, schema.openAPIV3Schema),
        notes: [],
      })
    }
  }
  const examples = exampleProblems(resource)
  const declared = resource.versionNames.some(
    (name) => (resource.versions[name]?.examples?.length ?? 0) > 0
  )
  items.push({
    code: 'examples-convert',
    title: declared
      ? `examples convert to every other version (${countOf(examples.count, 'conversion')})`
      : `no examples declared: only an empty object was converted (${countOf(examples.count, 'conversion')})`,
    problems: examples.problems,
    notes: declared
      ? []
      : ['give a version `examples: [{ … }]` beside its schema to convert real objects here'],
  })
  return items
}

function pathProblems(resource: Resource, name: string, schema: SchemaProps): string[] {
  const version = resource.versions[name]
  const problems: string[] = []
  const expect = (what: string, path: string, types: readonly string[]) => {
    const lookup = schemaAtPath(schema, path)
    if (!lookup.found) {
      problems.push(`${what} ${path}: ${lookup.reason}`)
      return
    }
    const type = lookup.schema?.['type']
    const intOrString = lookup.schema?.['x-kubernetes-int-or-string'] === true
    if (typeof type === 'string' && !types.includes(type)) {
      problems.push(
        `${what} ${path} is ${withArticle(type)} in the schema, expected ${types.join(' or ')}`
      )
    } else if (intOrString && !types.includes('string')) {
      problems.push(
        `${what} ${path} is an int-or-string in the schema, expected ${types.join(' or ')}`
      )
    }
  }
  const columns = version?.additionalPrinterColumns ?? resource.additionalPrinterColumns ?? []
  for (const column of columns) {
    expect(`printer column ${column.name}`, column.jsonPath, COLUMN_SCHEMA_TYPES[column.type] ?? [])
  }
  const scale = (version?.subresources ?? resource.subresources)?.scale
  if (scale !== undefined) {
    expect('scale specReplicasPath', scale.specReplicasPath, ['integer'])
    expect('scale statusReplicasPath', scale.statusReplicasPath, ['integer'])
    if (scale.labelSelectorPath !== undefined) {
      expect('scale labelSelectorPath', scale.labelSelectorPath, ['string'])
    }
  }
  return problems
}

function exampleProblems(resource: Resource): { count: number; problems: string[] } {
  const scheme = createScheme([resource])
  const problems: string[] = []
  let count = 0
  for (const from of resource.versionNames) {
    for (const object of exampleObjects(resource, from)) {
      for (const to of resource.versionNames) {
        if (to === from) continue
        count++
        const result = convertChecked(scheme, object, `${resource.group}/${to}`)
        if (!result.ok) {
          const { problem } = result
          const field = problem.path === undefined ? '' : ` (field ${problem.path})`
          const why = problem.rejected?.rule.message ?? `${problem.message}${field}`
          problems.push(`${problem.object} ${from} → ${to}: ${why}`)
        }
      }
    }
  }
  return { count, problems }
}
