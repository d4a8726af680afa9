import { toJSONSchema, type $ZodType } from 'zod/v4/core'
import { crdKeywords, STATED_KEYWORDS } from './crd-keywords.ts'
import { inReadingOrder } from './reading-order.ts'
import { convertNode, metadataSchema, type Context } from './schema-nodes.ts'
import { asRecord, label, type SchemaProps } from './schema-props.ts'

export type { SchemaProps } from './schema-props.ts'

/** A version's schema for the CRD, with what could not be said exactly. */
export interface CrdSchema {
  readonly openAPIV3Schema: SchemaProps
  /** Validation that had to be widened or dropped to stay structural; the CRD still works. */
  readonly notes: readonly string[]
  /** What cannot go into a CRD at all (a Date, a recursive schema): fix the zod schema. */
  readonly problems: readonly string[]
}

const API_VERSION_DESCRIPTION =
  'APIVersion defines the versioned schema of this representation of an object.'
const KIND_DESCRIPTION =
  'Kind is a string value representing the REST resource this object represents.'

/**
 * The `openAPIV3Schema` of one version: zod 4's own JSON Schema output (OpenAPI 3.0 flavour, input
 * side) turned into a **structural** schema. `z.looseObject` keeps unknown fields
 * (`x-kubernetes-preserve-unknown-fields`), `z.object` lets the API server prune them; unions of
 * an integer and a string become `x-kubernetes-int-or-string`; unions of objects are merged with
 * each alternative's `required` kept in an `anyOf`; `apiVersion`, `kind` and `metadata` are set as
 * Kubernetes expects.
 *
 * @example
 * ```ts
 * const { openAPIV3Schema, problems } = toCrdSchema(z.object({ spec: z.object({ replicas: z.int() }) }))
 * ```
 */
export function toCrdSchema(schema: $ZodType): CrdSchema {
  const notes: string[] = []
  const problems: string[] = []
  let json: Record<string, unknown>
  try {
    json = toJSONSchema(schema, {
      target: 'openapi-3.0',
      io: 'input',
      unrepresentable: ({ zodSchema, path, message }) => {
        // z.int64() and z.bigint(): the API server stores int64 exactly
        if (zodSchema._zod.def.type === 'bigint') return { type: 'integer', format: 'int64' }
        problems.push(`${displayPath(path)}: ${message}; a CRD schema can only hold JSON values`)
        return 'any'
      },
      override: ({ zodSchema, jsonSchema }) => {
        const stated = crdKeywords.get(zodSchema)
        if (stated !== undefined) {
          const target = jsonSchema as Record<string, unknown>
          target[STATED_KEYWORDS] = { ...asRecord(target[STATED_KEYWORDS]), ...stated }
        }
      },
    }) as Record<string, unknown>
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    return { openAPIV3Schema: { type: 'object' }, notes, problems: [message] }
  }
  const definitions = { ...asRecord(json['definitions']), ...asRecord(json['$defs']) }
  const context: Context = { definitions, notes, problems, resolving: [] }
  const root = convertNode(json, '', context)
  if (root['type'] !== 'object') {
    problems.push(
      `(root): the schema of a version must be an object schema (z.object), not ${describeType(root)}`
    )
    return { openAPIV3Schema: { type: 'object' }, notes, problems }
  }
  return { openAPIV3Schema: inReadingOrder(withKubernetesRoot(root, context)), notes, problems }
}

function withKubernetesRoot(root: SchemaProps, context: Context): SchemaProps {
  const { apiVersion, kind, metadata, ...fields } = asRecord(root['properties']) as Record<
    string,
    SchemaProps
  >
  const required = (root['required'] as string[] | undefined)?.filter(
    (name) => name !== 'apiVersion' && name !== 'kind' && name !== 'metadata'
  )
  const { nullable: _nullable, default: _default, properties: _properties, ...rest } = root
  delete rest['required']
  return {
    ...rest,
    type: 'object',
    properties: {
      apiVersion: typeField(apiVersion, API_VERSION_DESCRIPTION),
      kind: typeField(kind, KIND_DESCRIPTION),
      metadata: metadataSchema(metadata, context),
      ...fields,
    },
    ...(required === undefined || required.length === 0 ? {} : { required }),
  }
}

// apiVersion and kind are strings the API server sets; a declared field keeps its description
function typeField(declared: SchemaProps | undefined, description: string): SchemaProps {
  if (declared === undefined) return { type: 'string', description }
  const stated = declared['description']
  return typeof stated === 'string' ? { type: 'string', description: stated } : { type: 'string' }
}

function describeType(schema: SchemaProps): string {
  return typeof schema['type'] === 'string' ? `a ${schema['type']}` : 'any value'
}

function displayPath(path: readonly (string | number)[]): string {
  let out = ''
  for (let index = 0; index < path.length; index++) {
    const segment = path[index]
    if (segment === 'properties') out += `.${String(path[++index])}`
    else if (segment === 'items') out += '[]'
    else if (segment === 'additionalProperties') out += '[*]'
  }
  return label(out)
}
