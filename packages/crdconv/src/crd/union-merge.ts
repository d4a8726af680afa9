// Unions and intersections in a structural schema: structural rule 2 wants every field said
// outside allOf/anyOf/oneOf, rule 3 forbids types and descriptions inside them. So the shapes are
// merged outside and only each alternative's own checks stay in the junctor.
import {
  asRecord,
  EMBEDDED,
  INT_OR_STRING,
  label,
  PRESERVE,
  type SchemaProps,
} from './schema-props.ts'
import { structuralViolations } from './structural-rules.ts'

/**
 * One structural node for values that match any of `alternatives`: the shapes merged outside,
 * each alternative's own validation (required fields, enums, bounds) in an `anyOf`.
 */
export function mergeAlternatives(
  alternatives: readonly SchemaProps[],
  path: string,
  notes: string[]
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
    notes.push(
      `${label(path)}: a union of ${[...types].join(', ')} cannot be typed in a structural schema; the CRD accepts any value here`
    )
    return { [PRESERVE]: true }
  }
  const merged = mergeShapes(alternatives, path, notes, 'any')
  if (Array.isArray(merged['enum'])) return merged
  return withValidation(merged, 'anyOf', alternatives, path, notes)
}

/** The shape of all `shapes` together: `any` of them (a union) or `all` (an intersection). */
export function mergeShapes(
  shapes: readonly SchemaProps[],
  path: string,
  notes: string[],
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
      notes
    )
  }
  if (type !== 'object') return merged
  const maps = shapes.filter((shape) => shape['additionalProperties'] !== undefined)
  const withFields = shapes.filter((shape) => shape['properties'] !== undefined)
  if (maps.length > 0 && withFields.length > 0) {
    notes.push(
      `${label(path)}: a union of a map and an object with fields cannot be typed; the CRD keeps any fields here`
    )
    return { ...merged, [PRESERVE]: true }
  }
  if (shapes.some((shape) => shape[PRESERVE] === true)) merged[PRESERVE] = true
  if (maps.length > 0) {
    merged['additionalProperties'] = mergeAlternatives(
      maps.map((shape) => asRecord(shape['additionalProperties'])),
      `${path}[*]`,
      notes
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
          ? mergeAlternatives(schemas, `${path}.${field}`, notes)
          : mergeShapes(schemas, `${path}.${field}`, notes, 'all')
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
export function withValidation(
  merged: SchemaProps,
  junctor: 'anyOf' | 'allOf',
  alternatives: readonly SchemaProps[],
  path: string,
  notes: string[]
): SchemaProps {
  const validations = alternatives.map(validationOnly)
  if (validations.some((validation) => Object.keys(validation).length === 0)) return merged
  const candidate = { ...merged, [junctor]: validations }
  if (structuralViolations(candidate, { root: false }).length === 0) return candidate
  notes.push(
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

function valueTypes(schema: SchemaProps): string[] {
  if (schema[INT_OR_STRING] === true) return ['integer', 'string']
  return [typeof schema['type'] === 'string' ? schema['type'] : 'any value']
}
