// The API server's checks on a CRD's openAPIV3Schema: the four rules of a structural schema and
// the keywords apiextensions.k8s.io/v1 refuses ("Specifying a structural schema", "Validation").
import { isPlainObject } from '@crdconv/webhook/scheme'

// the value constraints, allowed everywhere, the root with /status included
const VALUE_CONSTRAINTS = [
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'maxItems',
  'minItems',
  'uniqueItems',
  'multipleOf',
]

const ALLOWED = new Set([
  'description',
  'type',
  'format',
  'title',
  'default',
  ...VALUE_CONSTRAINTS,
  'enum',
  'maxProperties',
  'minProperties',
  'required',
  'items',
  'allOf',
  'oneOf',
  'anyOf',
  'not',
  'properties',
  'additionalProperties',
  'nullable',
  'example',
  'externalDocs',
  'x-kubernetes-preserve-unknown-fields',
  'x-kubernetes-embedded-resource',
  'x-kubernetes-int-or-string',
  'x-kubernetes-list-map-keys',
  'x-kubernetes-list-type',
  'x-kubernetes-map-type',
  'x-kubernetes-validations',
])
const TYPES = new Set(['object', 'array', 'string', 'integer', 'number', 'boolean'])
// rule 3: not inside allOf, anyOf, oneOf or not
const NOT_IN_JUNCTORS = ['description', 'type', 'default', 'additionalProperties', 'nullable']
const JUNCTORS = ['allOf', 'anyOf', 'oneOf'] as const
// Go's regexp (RE2) has no lookaround and no backreferences
const NOT_RE2 = /\(\?<?[=!]|\\[1-9]/

type Node = Record<string, unknown>

/**
 * Every reason the API server would refuse `schema` as a CRD version's `openAPIV3Schema`, one line
 * each with the field path; `[]` for a structural schema. With `root: false` the node is checked
 * as a field, without the root's own rules (type object, rule 4 on metadata).
 *
 * @example
 * ```ts
 * structuralViolations({ type: 'object', properties: { foo: { pattern: 'abc' } } })
 * // ['.foo: must have a type (structural rule 1)']
 * ```
 */
export function structuralViolations(schema: unknown, options: { root?: boolean } = {}): string[] {
  const violations: string[] = []
  if (!isPlainObject(schema)) return ['(root): the schema must be an object']
  walk(schema, '', false, violations)
  if (options.root !== false) {
    if (schema['type'] !== 'object') violations.push('(root): type must be object')
    const metadata = (schema['properties'] as Node | undefined)?.['metadata']
    if (metadata !== undefined) checkMetadata(metadata, '.metadata', violations)
  }
  return violations
}

function walk(node: unknown, path: string, inJunctor: boolean, violations: string[]): void {
  const at = path === '' ? '(root)' : path
  if (!isPlainObject(node)) {
    violations.push(`${at}: a schema must be an object`)
    return
  }
  for (const keyword of Object.keys(node)) {
    if (!ALLOWED.has(keyword)) violations.push(`${at}: ${keyword} is not allowed in a CRD schema`)
  }
  const intOrString = node['x-kubernetes-int-or-string'] === true
  const preserve = node['x-kubernetes-preserve-unknown-fields']
  if (preserve !== undefined && preserve !== true) {
    violations.push(`${at}: x-kubernetes-preserve-unknown-fields must be true or absent`)
  }
  if (inJunctor) {
    for (const keyword of NOT_IN_JUNCTORS) {
      if (node[keyword] !== undefined) {
        violations.push(`${at}: ${keyword} must not be set inside allOf/anyOf/oneOf/not (rule 3)`)
      }
    }
  } else if (typeof node['type'] !== 'string' || node['type'] === '') {
    if (!intOrString && preserve !== true) {
      violations.push(`${at}: must have a type (structural rule 1)`)
    }
  }
  if (typeof node['type'] === 'string' && !TYPES.has(node['type'])) {
    violations.push(`${at}: type "${node['type']}" is not one of ${[...TYPES].join(', ')}`)
  }
  if (node['x-kubernetes-embedded-resource'] === true && node['type'] !== 'object') {
    violations.push(`${at}: x-kubernetes-embedded-resource needs type object`)
  }
  if (node['additionalProperties'] === false) {
    violations.push(`${at}: additionalProperties must not be false`)
  } else if (node['additionalProperties'] !== undefined && node['properties'] !== undefined) {
    violations.push(`${at}: additionalProperties and properties are mutually exclusive`)
  }
  if (node['uniqueItems'] === true) violations.push(`${at}: uniqueItems must not be true`)
  if (typeof node['pattern'] === 'string' && NOT_RE2.test(node['pattern'])) {
    violations.push(
      `${at}: pattern ${JSON.stringify(node['pattern'])} uses lookaround or backreferences, which the API server's regexp (RE2) rejects`
    )
  }
  const properties = node['properties']
  if (properties !== undefined) {
    if (!isPlainObject(properties)) violations.push(`${at}: properties must be an object`)
    else {
      for (const [field, child] of Object.entries(properties)) {
        walk(child, `${path}.${field}`, inJunctor, violations)
      }
    }
  }
  if (isPlainObject(node['additionalProperties'])) {
    walk(node['additionalProperties'], `${path}[*]`, inJunctor, violations)
  }
  if (Array.isArray(node['items'])) violations.push(`${at}: items must be one schema, not a list`)
  else if (node['items'] !== undefined) walk(node['items'], `${path}[]`, inJunctor, violations)
  else if (node['type'] === 'array' && !inJunctor) {
    violations.push(`${at}: an array must say the type of its items (structural rule 1)`)
  }
  for (const junctor of JUNCTORS) {
    const branches = node[junctor]
    if (branches === undefined) continue
    if (!Array.isArray(branches)) {
      violations.push(`${at}: ${junctor} must be a list`)
      continue
    }
    // the two int-or-string patterns may carry types inside their anyOf
    if (intOrString && junctor === 'anyOf' && isIntOrStringPair(branches)) continue
    branches.forEach((branch, index) => {
      walk(branch, `${path}.${junctor}[${index}]`, true, violations)
      specifiedOutside(node, branch, path, violations)
    })
  }
  if (node['not'] !== undefined) {
    walk(node['not'], `${path}.not`, true, violations)
    specifiedOutside(node, node['not'], path, violations)
  }
}

// rule 2: what a junctor says about a field or item, the schema says outside too
function specifiedOutside(outer: Node, inner: unknown, path: string, violations: string[]): void {
  if (!isPlainObject(inner)) return
  const outerProperties = isPlainObject(outer['properties']) ? outer['properties'] : {}
  for (const [field, child] of Object.entries(
    isPlainObject(inner['properties']) ? inner['properties'] : {}
  )) {
    const declared = outerProperties[field]
    if (!isPlainObject(declared)) {
      violations.push(
        `${path}.${field}: specified inside allOf/anyOf/oneOf/not but not outside (structural rule 2)`
      )
    } else specifiedOutside(declared, child, `${path}.${field}`, violations)
  }
  if (inner['items'] !== undefined) {
    if (!isPlainObject(outer['items'])) {
      violations.push(`${path}[]: items inside allOf/anyOf/oneOf/not but not outside (rule 2)`)
    } else specifiedOutside(outer['items'], inner['items'], `${path}[]`, violations)
  }
  for (const junctor of JUNCTORS) {
    const branches = inner[junctor]
    if (Array.isArray(branches)) {
      for (const branch of branches) specifiedOutside(outer, branch, path, violations)
    }
  }
}

// rule 4: only metadata.name and metadata.generateName may be restricted
function checkMetadata(metadata: unknown, path: string, violations: string[]): void {
  if (!isPlainObject(metadata)) return
  for (const keyword of Object.keys(metadata)) {
    if (keyword !== 'type' && keyword !== 'properties' && keyword !== 'description') {
      violations.push(`${path}: ${keyword} is not allowed on metadata (structural rule 4)`)
    }
  }
  if (metadata['type'] !== undefined && metadata['type'] !== 'object') {
    violations.push(`${path}: type must be object`)
  }
  for (const field of Object.keys(
    isPlainObject(metadata['properties']) ? metadata['properties'] : {}
  )) {
    if (field !== 'name' && field !== 'generateName') {
      violations.push(
        `${path}.${field}: only metadata.name and metadata.generateName may be restricted (structural rule 4)`
      )
    }
  }
}

function isIntOrStringPair(branches: readonly unknown[]): boolean {
  return (
    branches.length === 2 &&
    isPlainObject(branches[0]) &&
    isPlainObject(branches[1]) &&
    branches[0]['type'] === 'integer' &&
    branches[1]['type'] === 'string' &&
    Object.keys(branches[0]).length === 1 &&
    Object.keys(branches[1]).length === 1
  )
}

// apiextensions validation: with /status, the root keeps only what survives taking
// properties.status out as the status subresource's own schema
const ALLOWED_AT_ROOT_WITH_STATUS = new Set([
  'description',
  'type',
  'format',
  'title',
  ...VALUE_CONSTRAINTS,
  'required',
  'items',
  'properties',
  'externalDocs',
  'example',
  'x-kubernetes-preserve-unknown-fields',
  'x-kubernetes-validations',
])

/**
 * What the API server refuses at the root of a schema whose version enables the status
 * subresource (a union at the root, for one, leaves an `anyOf` there).
 *
 * @example
 * ```ts
 * statusRootViolations({ type: 'object', anyOf: [{ required: ['a'] }] }) // ['(root): anyOf ...']
 * ```
 */
export function statusRootViolations(schema: Readonly<Record<string, unknown>>): string[] {
  return Object.keys(schema)
    .filter((keyword) => !ALLOWED_AT_ROOT_WITH_STATUS.has(keyword))
    .map(
      (keyword) =>
        `(root): ${keyword} is not allowed at the root of a schema when the status subresource is enabled`
    )
}
