// The root of a version's schema: apiVersion, kind and metadata as Kubernetes expects them.
import { metadataSchema, type Context } from './schema-nodes.ts'
import type { RootField } from '@crdconv/webhook/scheme'
import {
  asRecord,
  ROOT_FIELDS,
  ROOT_FIELDS_KEYWORD,
  STATED_KEYWORDS,
  type SchemaProps,
} from './schema-props.ts'

const DESCRIPTIONS: Readonly<Record<'apiVersion' | 'kind', string>> = {
  apiVersion: 'APIVersion defines the versioned schema of this representation of an object.',
  kind: 'Kind is a string value representing the REST resource this object represents.',
}

/**
 * `root` (the converted root node) with the API server's own fields: `apiVersion` and `kind` as
 * strings (a declared one keeps its description and what it states with `crdKeywords`),
 * `metadata` restricted as structural rule 4 allows, each added when zod does not declare it
 * unless `crdRootFields` leaves it out. zod's `required` loses these three (the API server sets
 * them on every object); a `required` stated at the root is kept as it is.
 */
export function withKubernetesRoot(
  root: SchemaProps,
  json: SchemaProps,
  context: Context
): SchemaProps {
  const raw = resolved(json, context)
  const stated = asRecord(raw[STATED_KEYWORDS])
  const rawProperties = asRecord(raw['properties'])
  const { apiVersion, kind, metadata, ...fields } = asRecord(root['properties']) as Record<
    string,
    SchemaProps
  >
  const declared: Record<RootField, SchemaProps | undefined> = { apiVersion, kind, metadata }
  const add = addedRootFields(raw[ROOT_FIELDS_KEYWORD])
  const properties: Record<string, SchemaProps> = {}
  for (const field of ROOT_FIELDS) {
    const schema = declared[field]
    if (schema === undefined && !add.has(field)) continue
    properties[field] =
      field === 'metadata'
        ? metadataSchema(schema, context)
        : typeField(field, schema, statedOf(rawProperties[field], context))
  }
  const required = Array.isArray(stated['required'])
    ? (stated['required'] as string[])
    : (root['required'] as string[] | undefined)?.filter(
        (name) => !(ROOT_FIELDS as readonly string[]).includes(name)
      )
  const { nullable: _nullable, default: _default, properties: _properties, ...rest } = root
  delete rest['required']
  const all = { ...properties, ...fields }
  return {
    ...rest,
    type: 'object',
    // none at all: the API server stores an empty map as none (omitempty)
    ...(Object.keys(all).length === 0 ? {} : { properties: all }),
    ...(required === undefined || required.length === 0 ? {} : { required }),
  }
}

function addedRootFields(value: unknown): ReadonlySet<RootField> {
  const add = asRecord(value)['add']
  return new Set(Array.isArray(add) ? (add as RootField[]) : ROOT_FIELDS)
}

// apiVersion and kind are strings the API server sets; zod's checks on them go, a description
// and stated keywords stay
function typeField(
  field: 'apiVersion' | 'kind',
  declared: SchemaProps | undefined,
  stated: SchemaProps
): SchemaProps {
  if (declared === undefined) return { type: 'string', description: DESCRIPTIONS[field] }
  const description = declared['description']
  return {
    ...(typeof description === 'string' ? { description } : {}),
    type: 'string',
    ...stated,
  }
}

function statedOf(node: unknown, context: Context): SchemaProps {
  return asRecord(resolved(asRecord(node), context)[STATED_KEYWORDS])
}

// a $ref (a schema zod said once under definitions) read as the node it names, siblings on top
function resolved(node: SchemaProps, context: Context, depth = 0): SchemaProps {
  const ref = node['$ref']
  if (typeof ref !== 'string' || depth > 16) return node
  const target = asRecord(context.definitions[ref.slice(ref.lastIndexOf('/') + 1)])
  const { $ref: _ref, ...siblings } = node
  return { ...resolved(target, context, depth + 1), ...siblings }
}
