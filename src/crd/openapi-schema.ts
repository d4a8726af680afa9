import { toJSONSchema, type $ZodType } from 'zod/v4/core'
import { structuralViolations } from './structural-rules.ts'

/** A node of a CRD's `openAPIV3Schema` (Kubernetes `JSONSchemaProps`), as plain JSON. */
export type SchemaProps = { [keyword: string]: unknown }

/** A version's schema for the CRD, with what could not be said exactly. */
export interface CrdSchema {
  readonly openAPIV3Schema: SchemaProps
  /** Validation that had to be widened or dropped to stay structural; the CRD still works. */
  readonly notes: readonly string[]
  /** What cannot go into a CRD at all (a Date, a recursive schema): fix the zod schema. */
  readonly problems: readonly string[]
}

const PRESERVE = 'x-kubernetes-preserve-unknown-fields'
const INT_OR_STRING = 'x-kubernetes-int-or-string'
const EMBEDDED = 'x-kubernetes-embedded-resource'
// keywords copied as they are (Kubernetes JSONSchemaProps); everything else is rebuilt or dropped
const COPIED = [
  'description',
  'title',
  'default',
  'enum',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
  'nullable',
  'example',
  'externalDocs',
] as const
// formats the API server checks itself; zod's own pattern for them is dropped (it may use
// lookaheads, which Go's regexp rejects)
const KUBERNETES_FORMATS = new Set([
  'email',
  'uuid',
  'uri',
  'date-time',
  'date',
  'ipv4',
  'ipv6',
  'hostname',
  'byte',
  'password',
  'int32',
  'int64',
  'float',
  'double',
])
const NOTED_DROPS = [
  'uniqueItems',
  'deprecated',
  'readOnly',
  'writeOnly',
  'patternProperties',
  'not',
]
const INT32 = [-2147483648, 2147483647] as const
const JSON_TYPES = ['string', 'number', 'boolean', 'array', 'object']

const API_VERSION_DESCRIPTION =
  'APIVersion defines the versioned schema of this representation of an object.'
const KIND_DESCRIPTION =
  'Kind is a string value representing the REST resource this object represents.'

interface Context {
  readonly definitions: Readonly<Record<string, unknown>>
  readonly notes: string[]
  readonly problems: string[]
  readonly resolving: readonly string[]
}

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
      unrepresentable: ({ path, message }) => {
        problems.push(`${displayPath(path)}: ${message}; a CRD schema can only hold JSON values`)
        return 'any'
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

const KEY_ORDER = [
  'description',
  'type',
  'format',
  'nullable',
  'default',
  'enum',
  'x-kubernetes-int-or-string',
  'x-kubernetes-embedded-resource',
  'x-kubernetes-preserve-unknown-fields',
]
const NESTED = new Set([
  'properties',
  'additionalProperties',
  'items',
  'anyOf',
  'allOf',
  'oneOf',
  'not',
])

// description and type first, nested schemas last: how people write CRDs by hand
function inReadingOrder(node: unknown): SchemaProps {
  const record = asRecord(node)
  const rank = (key: string) => {
    const known = KEY_ORDER.indexOf(key)
    if (known !== -1) return known
    if (key === 'required') return KEY_ORDER.length + 2
    return NESTED.has(key) ? KEY_ORDER.length + 1 : KEY_ORDER.length
  }
  const out: SchemaProps = {}
  for (const key of Object.keys(record).sort((a, b) => rank(a) - rank(b))) {
    const value = record[key]
    if (key === 'properties') {
      out[key] = Object.fromEntries(
        Object.entries(asRecord(value)).map(([field, child]) => [field, inReadingOrder(child)])
      )
    } else if (
      key === 'items' ||
      key === 'not' ||
      (key === 'additionalProperties' && typeof value === 'object')
    ) {
      out[key] = inReadingOrder(value)
    } else if (key === 'anyOf' || key === 'allOf' || key === 'oneOf') {
      out[key] = (value as unknown[]).map(inReadingOrder)
    } else {
      out[key] = value
    }
  }
  return out
}

function withKubernetesRoot(root: SchemaProps, context: Context): SchemaProps {
  const {
    apiVersion: _apiVersion,
    kind: _kind,
    metadata,
    ...fields
  } = asRecord(root['properties']) as Record<string, SchemaProps>
  const required = (root['required'] as string[] | undefined)?.filter(
    (name) => name !== 'apiVersion' && name !== 'kind' && name !== 'metadata'
  )
  const { nullable: _nullable, default: _default, properties: _properties, ...rest } = root
  delete rest['required']
  return {
    ...rest,
    type: 'object',
    properties: {
      apiVersion: { type: 'string', description: API_VERSION_DESCRIPTION },
      kind: { type: 'string', description: KIND_DESCRIPTION },
      metadata: metadataSchema(metadata, context),
      ...fields,
    },
    ...(required === undefined || required.length === 0 ? {} : { required }),
  }
}

// structural rule 4: only metadata.name and metadata.generateName may be restricted
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

function convertNode(node: unknown, path: string, outer: Context): SchemaProps {
  const { raw, context } = resolveRef(asRecord(node), path, outer)
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
      return convertObject(raw, out, path, context)
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

function copyKeywords(raw: SchemaProps, path: string, context: Context): SchemaProps {
  const out: SchemaProps = {}
  for (const keyword of COPIED) if (raw[keyword] !== undefined) out[keyword] = raw[keyword]
  if (
    out['example'] === undefined &&
    Array.isArray(raw['examples']) &&
    raw['examples'].length > 0
  ) {
    out['example'] = raw['examples'][0]
  }
  for (const keyword of Object.keys(raw)) {
    if (keyword.startsWith('x-kubernetes-')) out[keyword] = raw[keyword]
  }
  const format = raw['format']
  if (typeof format === 'string') {
    if (KUBERNETES_FORMATS.has(format)) {
      out['format'] = format
      delete out['pattern']
    } else {
      delete out['pattern']
      context.notes.push(
        `${label(path)}: Kubernetes does not check format "${format}"; the CRD checks only the type`
      )
    }
  }
  return out
}

function convertObject(
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
      context
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
        : mergeAlternatives(kept, path, context)
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
  const merged = mergeShapes(converted, path, context, 'all')
  return withValidation({ ...merged, ...outer }, 'allOf', converted, path, context)
}

/**
 * One structural node for values that match any of `alternatives`: the shapes merged outside,
 * each alternative's own validation (required fields, enums, bounds) in an `anyOf`.
 */
function mergeAlternatives(
  alternatives: readonly SchemaProps[],
  path: string,
  context: Context
): SchemaProps {
  if (alternatives.length === 1) return alternatives[0] as SchemaProps
  const types = new Set(alternatives.map(valueTypes).flat())
  if (types.size === 2 && types.has('integer') && types.has('string')) {
    const description = alternatives.find((alternative) => alternative['description'])
    return {
      [INT_OR_STRING]: true,
      ...(description === undefined ? {} : { description: description['description'] }),
    }
  }
  const kinds = new Set(alternatives.map((alternative) => alternative['type']))
  if (kinds.size !== 1 || kinds.has(undefined)) {
    context.notes.push(
      `${label(path)}: a union of ${[...types].join(', ')} cannot be typed in a structural schema; the CRD accepts any value here`
    )
    return { [PRESERVE]: true }
  }
  const merged = mergeShapes(alternatives, path, context, 'any')
  if (Array.isArray(merged['enum'])) return merged
  return withValidation(merged, 'anyOf', alternatives, path, context)
}

function mergeShapes(
  shapes: readonly SchemaProps[],
  path: string,
  context: Context,
  mode: 'any' | 'all'
): SchemaProps {
  const type = shapes[0]?.['type'] as string
  const merged: SchemaProps = { type }
  const enums = shapes.map((shape) => shape['enum'])
  if (mode === 'any' && enums.every(Array.isArray)) {
    merged['enum'] = [...new Set((enums as unknown[][]).flat())]
  }
  const formats = new Set(shapes.map((shape) => shape['format']))
  if (formats.size === 1 && shapes[0]?.['format'] !== undefined)
    merged['format'] = shapes[0]['format']
  if (shapes.some((shape) => shape[EMBEDDED] === true)) merged[EMBEDDED] = true
  if (type === 'array') {
    merged['items'] = mergeAlternatives(
      shapes.map((shape) => asRecord(shape['items'])),
      `${path}[]`,
      context
    )
  }
  if (type !== 'object') return merged
  const maps = shapes.filter((shape) => shape['additionalProperties'] !== undefined)
  const withFields = shapes.filter((shape) => shape['properties'] !== undefined)
  if (maps.length > 0 && withFields.length > 0) {
    context.notes.push(
      `${label(path)}: a union of a map and an object with fields cannot be typed; the CRD keeps any fields here`
    )
    return { ...merged, [PRESERVE]: true }
  }
  if (shapes.some((shape) => shape[PRESERVE] === true)) merged[PRESERVE] = true
  if (maps.length > 0) {
    merged['additionalProperties'] = mergeAlternatives(
      maps.map((shape) => asRecord(shape['additionalProperties'])),
      `${path}[*]`,
      context
    )
  }
  const fields = new Map<string, SchemaProps[]>()
  for (const shape of withFields) {
    for (const [field, schema] of Object.entries(asRecord(shape['properties']))) {
      fields.set(field, [...(fields.get(field) ?? []), schema as SchemaProps])
    }
  }
  if (fields.size > 0) {
    const properties: Record<string, SchemaProps> = {}
    for (const [field, schemas] of fields) {
      properties[field] =
        mode === 'any'
          ? mergeAlternatives(schemas, `${path}.${field}`, context)
          : mergeShapes(schemas, `${path}.${field}`, context, 'all')
    }
    merged['properties'] = properties
  }
  const requiredLists = shapes.map((shape) => (shape['required'] as string[] | undefined) ?? [])
  const required =
    mode === 'any'
      ? requiredLists.reduce((common, list) => common.filter((field) => list.includes(field)))
      : [...new Set(requiredLists.flat())]
  if (required.length > 0) merged['required'] = required
  return merged
}

// keeps each alternative's validation in a junctor, stripped of what structural rule 3 forbids
// there; drops it (with a note) when that would break rule 2
function withValidation(
  merged: SchemaProps,
  junctor: 'anyOf' | 'allOf',
  alternatives: readonly SchemaProps[],
  path: string,
  context: Context
): SchemaProps {
  const validations = alternatives.map(validationOnly)
  if (validations.some((validation) => Object.keys(validation).length === 0)) return merged
  const candidate = { ...merged, [junctor]: validations }
  if (structuralViolations(candidate, { root: false }).length === 0) return candidate
  context.notes.push(
    `${label(path)}: the alternatives' own checks cannot be kept in a structural schema; the CRD checks only the merged shape`
  )
  return merged
}

const FORBIDDEN_IN_JUNCTORS = new Set([
  'type',
  'description',
  'default',
  'additionalProperties',
  'nullable',
  'title',
  'example',
  'externalDocs',
])

function validationOnly(schema: SchemaProps): SchemaProps {
  const out: SchemaProps = {}
  for (const [keyword, value] of Object.entries(schema)) {
    if (FORBIDDEN_IN_JUNCTORS.has(keyword) || keyword.startsWith('x-kubernetes-')) continue
    if (keyword === 'properties') {
      const properties: Record<string, SchemaProps> = {}
      for (const [field, child] of Object.entries(asRecord(value))) {
        const stripped = validationOnly(child as SchemaProps)
        if (Object.keys(stripped).length > 0) properties[field] = stripped
      }
      if (Object.keys(properties).length > 0) out['properties'] = properties
    } else if (keyword === 'items') {
      const stripped = validationOnly(asRecord(value))
      if (Object.keys(stripped).length > 0) out['items'] = stripped
    } else if (keyword === 'anyOf' || keyword === 'allOf' || keyword === 'oneOf') {
      out[keyword] = (value as SchemaProps[]).map(validationOnly)
    } else {
      out[keyword] = value
    }
  }
  return out
}

function integerBounds(schema: SchemaProps): SchemaProps {
  const { minimum, maximum } = schema
  if (minimum === Number.MIN_SAFE_INTEGER && maximum === Number.MAX_SAFE_INTEGER) {
    const { minimum: _minimum, maximum: _maximum, ...rest } = schema
    return rest
  }
  if (minimum === INT32[0] && maximum === INT32[1] && schema['format'] === undefined) {
    const { minimum: _minimum, maximum: _maximum, ...rest } = schema
    return { ...rest, format: 'int32' }
  }
  return schema
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

function valueTypes(schema: SchemaProps): string[] {
  if (schema[INT_OR_STRING] === true) return ['integer', 'string']
  return [typeof schema['type'] === 'string' ? schema['type'] : 'any value']
}

function describeType(schema: SchemaProps): string {
  return typeof schema['type'] === 'string' ? `a ${schema['type']}` : 'any value'
}

function isEmptySchema(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && Object.keys(schema).length === 0
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {}
}

function label(path: string): string {
  return path === '' ? '(root)' : path
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
