// What zod says about a node that the CRD keeps as it is, and integer bounds.
import { label, type SchemaProps } from './schema-props.ts'

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

export interface KeywordContext {
  readonly notes: string[]
}

export function copyKeywords(raw: SchemaProps, path: string, context: KeywordContext): SchemaProps {
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

const INT32 = [-2147483648, 2147483647] as const

/**
 * An integer's bounds as the API server should check them: zod's safe-integer bounds (`z.int()`)
 * are its own JavaScript limit, not the field's, so they go; int32 bounds (`z.int32()`) stay, with
 * `format: int32` beside them. Bigints (`z.int64()`) arrive here as `format: int64`.
 */
export function integerBounds(schema: SchemaProps): SchemaProps {
  const bounded = { ...schema }
  if (bounded['minimum'] === Number.MIN_SAFE_INTEGER) delete bounded['minimum']
  if (bounded['maximum'] === Number.MAX_SAFE_INTEGER) delete bounded['maximum']
  if (
    bounded['minimum'] === INT32[0] &&
    bounded['maximum'] === INT32[1] &&
    bounded['format'] === undefined
  ) {
    bounded['format'] = 'int32'
  }
  return bounded
}
