import { asRecord, type SchemaProps } from './schema-props.ts'

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

/** The same schema with description and type first and nested schemas last, as people write CRDs by hand. */
export function inReadingOrder(node: unknown): SchemaProps {
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
