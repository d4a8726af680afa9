import { toJSONSchema, type $ZodType } from 'zod/v4/core'
import { celRulesOf, crdKeywords, crdRootFields } from '@crdconv/webhook/scheme'
import { crdDescriptions, describeFields } from './crd-descriptions.ts'
import { inReadingOrder } from './reading-order.ts'
import { withKubernetesRoot } from './root-schema.ts'
import { convertNode, type Context } from './schema-nodes.ts'
import {
  asRecord,
  label,
  ROOT_FIELDS_KEYWORD,
  STATED_KEYWORDS,
  type SchemaProps,
} from './schema-props.ts'
import { withArticle } from '../wording/index.ts'

export type { SchemaProps } from './schema-props.ts'

const VALIDATIONS = 'x-kubernetes-validations'

/** A version's schema for the CRD, with what could not be said exactly. */
export interface CrdSchema {
  readonly openAPIV3Schema: SchemaProps
  /** Validation that had to be widened or dropped to stay structural; the CRD still works. */
  readonly notes: readonly string[]
  /** What cannot go into a CRD at all (a Date, a recursive schema): fix the zod schema. */
  readonly problems: readonly string[]
}

/**
 * The `openAPIV3Schema` of one version: zod 4's own JSON Schema output (OpenAPI 3.0 flavour, input
 * side) turned into a **structural** schema. `z.looseObject` keeps unknown fields
 * (`x-kubernetes-preserve-unknown-fields`), `z.object` lets the API server prune them; unions of
 * an integer and a string become `x-kubernetes-int-or-string`; unions of objects are merged with
 * each alternative's `required` kept in an `anyOf`; `apiVersion`, `kind` and `metadata` are set as
 * Kubernetes expects (`crdRootFields` says which to leave out; a `required` stated with
 * `crdKeywords` at the root is kept as it is); the descriptions `crdDescriptions` holds for the
 * schema go in last, each at its path.
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
        const target = jsonSchema as Record<string, unknown>
        const stated = crdKeywords.get(zodSchema)
        if (stated !== undefined) {
          target[STATED_KEYWORDS] = { ...asRecord(target[STATED_KEYWORDS]), ...stated }
        }
        const rules = celRulesOf(zodSchema)
        if (rules.length > 0) target[STATED_KEYWORDS] = withRules(target[STATED_KEYWORDS], rules)
        const rootFields = crdRootFields.get(zodSchema)
        if (rootFields !== undefined) target[ROOT_FIELDS_KEYWORD] = rootFields
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
  let structural = withKubernetesRoot(root, json, context)
  const descriptions = crdDescriptions.get(schema)
  if (descriptions !== undefined) {
    // a copy: nodes zod said once may be shared by several paths
    structural = structuredClone(structural)
    describeFields(structural, descriptions, notes)
  }
  return { openAPIV3Schema: inReadingOrder(structural), notes, problems }
}

// celRules' rules after the stated ones, each once (a node may inherit them from its inner schema)
function withRules(stated: unknown, rules: readonly SchemaProps[]): SchemaProps {
  const keywords = asRecord(stated)
  const before = keywords[VALIDATIONS]
  const all = Array.isArray(before) ? [...(before as unknown[])] : []
  const seen = new Set(all.map((rule) => JSON.stringify(rule)))
  for (const rule of rules) if (!seen.has(JSON.stringify(rule))) all.push(rule)
  return { ...keywords, [VALIDATIONS]: all }
}

function describeType(schema: SchemaProps): string {
  return typeof schema['type'] === 'string' ? withArticle(schema['type']) : 'any value'
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
