// One node of zod's JSON Schema output (OpenAPI 3.0 flavour) turned into a structural CRD node.
import {
  asRecord,
  EMBEDDED,
  INT_OR_STRING,
  label,
  PRESERVE,
  STATED_KEYWORDS,
  type SchemaProps,
} from './schema-props.ts'
import { copyKeywords, integerBounds } from './schema-keywords.ts'
import { mergeAlternatives, mergeShapes, withValidation } from './union-merge.ts'

const NOTED_DROPS = [
  'uniqueItems',
  'deprecated',
  'readOnly',
  'writeOnly',
  'patternProperties',
  'not',
]
const JSON_TYPES = ['string', 'number', 'boolean', 'array', 'object']

export interface Context {
  readonly definitions: Readonly<Record<string, unknown>>
  readonly notes: string[]
  readonly problems: string[]
  readonly resolving: readonly string[]
}

export // structural rule 4: only metadata.name and metadata.generateName may be restricted
function metadataSchema(declared: SchemaProps | undefined, context: Context): SchemaProps {
  const kept: Record<string, unknown> = {}
  for (const [field, schema] of Object.entries(asRecord(declared?.['properties']))) {
    if (field === 'name' || field === 'generateName') kept[field] = schema
    else {
      context.notes.push(
        `.metadata.${field}: a CRD may restrict only metadata.name and metadata.generateName; the API server validates the rest itself`
      )
    }
  }
  return Object.keys(kept).length === 0 ? { type: 'object' } : { type: 'object', properties: kept }
}

/** The structural node for `node`, with the keywords its zod schema states (`crdKeywords`) on top. */
export function convertNode(node: unknown, path: string, outer: Context): SchemaProps {
  const { raw, context } = resolveRef(asRecord(node), path, outer)
  const converted = convertDerived(raw, path, context)
  const stated = raw[STATED_KEYWORDS]
  return stated === undefined ? converted : { ...converted, ...asRecord(stated) }
}

function convertDerived(raw: SchemaProps, path: string, context: Context): SchemaProps {
  const alternatives = (raw['anyOf'] ?? raw['oneOf']) as unknown[] | undefined
  if (Array.isArray(alternatives)) return convertUnion(raw, alternatives, path, context)
  if (Array.isArray(raw['allOf'])) return convertIntersection(raw, raw['allOf'], path, context)
  for (const keyword of NOTED_DROPS) {
    if (raw[keyword] !== undefined && raw[keyword] !== false) {
      context.notes.push(`${label(path)}: ${keyword} cannot be said in a CRD schema; dropped`)
    }
  }
  const out = copyKeywords(raw, path, context)
  switch (raw['type']) {
    case 'object':
      return convertObjectNode(raw, out, path, context)
    case 'array':
      return convertArray(raw, out, path, context)
    case 'integer':
      return integerBounds({ ...out, type: 'integer' })
    case 'string':
    case 'number':
    case 'boolean':
      return { ...out, type: raw['type'] }
    default:
      // z.unknown(), z.any(), z.json(): any JSON value, kept as it is
      if (out[INT_OR_STRING] === true) return out
      return { ...out, [PRESERVE]: true }
  }
}

function convertObjectNode(
  raw: SchemaProps,
  out: SchemaProps,
  path: string,
  context: Context
): SchemaProps {
  const object: SchemaProps = { ...out, type: 'object' }
  const extra = raw['additionalProperties']
  const declared = asRecord(raw['properties'])
  const hasProperties = raw['properties'] !== undefined
  const properties: Record<string, SchemaProps> = {}
  for (const [field, schema] of Object.entries(declared)) {
    properties[field] = convertNode(schema, `${path}.${field}`, context)
  }
  if (Object.keys(properties).length > 0) object['properties'] = properties
  // z.unknown() fields count as required in zod's output, but they accept a missing key
  const required = (Array.isArray(raw['required']) ? (raw['required'] as string[]) : []).filter(
    (field) => !hasProperties || !isEmptySchema(declared[field])
  )
  if (required.length > 0) object['required'] = required
  if (extra === undefined || extra === false) {
    if (!hasProperties) object[PRESERVE] = true
  } else if (isEmptySchema(extra)) {
    object[PRESERVE] = true
  } else if (Object.keys(properties).length === 0) {
    object['additionalProperties'] = convertNode(extra, `${path}[*]`, context)
  } else {
    object[PRESERVE] = true
    context.notes.push(
      `${label(path)}: a catchall beside declared fields cannot be typed (Kubernetes forbids properties with additionalProperties); the extra fields are kept unchecked`
    )
  }
  if (object[EMBEDDED] === true) return embeddedResource(object, context)
  return object
}

// x-kubernetes-embedded-resource: apiVersion, kind and metadata are checked by the API server
function embeddedResource(object: SchemaProps, context: Context): SchemaProps {
  const properties = asRecord(object['properties'])
  if (properties['metadata'] === undefined) return object
  const metadata = metadataSchema(properties['metadata'] as SchemaProps, context)
  return { ...object, properties: { ...properties, metadata } }
}

function convertArray(
  raw: SchemaProps,
  out: SchemaProps,
  path: string,
  context: Context
): SchemaProps {
  const items = raw['items'] ?? raw['prefixItems']
  if (Array.isArray(items)) {
    const merged = mergeAlternatives(
      items.map((item) => convertNode(item, `${path}[]`, context)),
      `${path}[]`,
      context.notes
    )
    return { ...out, type: 'array', items: merged }
  }
  return {
    ...out,
    type: 'array',
    items: items === undefined ? { [PRESERVE]: true } : convertNode(items, `${path}[]`, context),
  }
}

function convertUnion(
  raw: SchemaProps,
  alternatives: readonly unknown[],
  path: string,
  context: Context
): SchemaProps {
  let nullable = raw['nullable'] === true
  const resolved = alternatives.map(
    (alternative) => resolveRef(asRecord(alternative), path, context).raw
  )
  const outer = copyKeywords(withoutJunctors(raw), path, context)
  delete outer['nullable']
  // z.json(): every JSON type, recursively; any value is what it means, not a recursion to report
  const types = new Set(resolved.map((alternative) => alternative['type']))
  if (JSON_TYPES.every((type) => types.has(type))) {
    return {
      ...outer,
      [PRESERVE]: true,
      ...(nullable || resolved.some(isNullOnly) ? { nullable: true } : {}),
    }
  }
  const kept: SchemaProps[] = []
  alternatives.forEach((alternative, index) => {
    if (isNullOnly(resolved[index] ?? {})) nullable = true
    else kept.push(convertNode(alternative, path, context))
  })
  const merged =
    kept.length === 0
      ? { [PRESERVE]: true }
      : kept.length === 1
        ? (kept[0] as SchemaProps)
        : mergeAlternatives(kept, path, context.notes)
  return { ...merged, ...outer, ...(nullable ? { nullable: true } : {}) }
}

function convertIntersection(
  raw: SchemaProps,
  parts: readonly unknown[],
  path: string,
  context: Context
): SchemaProps {
  const converted = parts.map((part) => convertNode(part, path, context))
  const outer = copyKeywords(withoutJunctors(raw), path, context)
  const types = new Set(converted.map((part) => part['type']))
  if (types.size !== 1 || types.has(undefined)) {
    context.problems.push(
      `${label(path)}: an intersection of ${[...types].map(String).join(' and ')} cannot be said in a CRD schema`
    )
    return { ...outer, [PRESERVE]: true }
  }
  const merged = mergeShapes(converted, path, context.notes, 'all')
  return withValidation({ ...merged, ...outer }, 'allOf', converted, path, context.notes)
}

// inlines `$ref`s (Kubernetes schemas have none); the context remembers the definitions being
// inlined, so a recursive schema is reported instead of expanded forever
function resolveRef(
  node: SchemaProps,
  path: string,
  context: Context
): { raw: SchemaProps; context: Context } {
  const ref = node['$ref']
  if (typeof ref !== 'string') return { raw: node, context }
  const name = ref.slice(ref.lastIndexOf('/') + 1)
  const { $ref: _ref, ...siblings } = node
  if (context.resolving.includes(name)) {
    context.problems.push(
      `${label(path)}: a recursive schema cannot be said in a CRD (Kubernetes schemas have no $ref); give it a fixed depth or z.unknown()`
    )
    return { raw: { ...siblings, [PRESERVE]: true }, context }
  }
  const target = context.definitions[name]
  if (target === undefined) {
    context.problems.push(`${label(path)}: unresolved reference ${ref}`)
    return { raw: { ...siblings, [PRESERVE]: true }, context }
  }
  const inner = resolveRef(asRecord(target), path, {
    ...context,
    resolving: [...context.resolving, name],
  })
  return { raw: { ...inner.raw, ...siblings }, context: inner.context }
}

function withoutJunctors(raw: SchemaProps): SchemaProps {
  const { anyOf: _anyOf, oneOf: _oneOf, allOf: _allOf, ...rest } = raw
  return rest
}

function isNullOnly(schema: SchemaProps): boolean {
  return (
    schema['type'] === 'null' ||
    (Array.isArray(schema['enum']) && schema['enum'].length === 1 && schema['enum'][0] === null)
  )
}

function isEmptySchema(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && Object.keys(schema).length === 0
}
