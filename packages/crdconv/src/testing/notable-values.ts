// Values converters most often get wrong, which random generation seldom hits: a schema's own
// default, sentinels ("*", ""), zero, false, and the bounds a schema states.
import * as fc from 'fast-check'
import { canonicalJson, type SchemaProps } from '@crdconv/webhook/scheme'

/** Of every this many values of a node, one is a notable one (where it has any). */
const NOTABLE_ONE_IN = 4

const SENTINEL_STRINGS = ['*', '']

// the lowest and highest value each format names: epochs, zero durations, unspecified addresses
const FORMAT_BOUNDS: Record<string, readonly string[]> = {
  'date-time': ['1970-01-01T00:00:00Z', '0001-01-01T00:00:00Z'],
  date: ['1970-01-01', '0001-01-01'],
  duration: ['0s', '0'],
  ipv4: ['0.0.0.0', '255.255.255.255'],
  ipv6: ['::', '::1'],
  cidr: ['0.0.0.0/0', '255.255.255.255/32'],
  uuid: ['00000000-0000-0000-0000-000000000000'],
  byte: [''],
}

const number = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined

/**
 * The notable values `schema` accepts, defaults first: its `default` and the `also` given (the
 * defaults other versions give the same field); then for text the sentinels, the shortest and
 * longest a plain string may be, and the bounds of its format; for numbers zero, one, minus one
 * and the bounds; for booleans `false`. A value the schema's pattern, lengths, bounds or step
 * refuse is left out, and so is every string of a pattern JavaScript cannot read.
 */
export function notableValues(
  schema: SchemaProps,
  also: readonly unknown[] = []
): { readonly defaults: unknown[]; readonly others: unknown[] } {
  const defaults = [...also, ...(schema['default'] === undefined ? [] : [schema['default']])]
  const others: unknown[] = []
  const intOrString = schema['x-kubernetes-int-or-string'] === true
  if (schema['type'] === 'string' || intOrString) others.push(...stringCandidates(schema))
  if (schema['type'] === 'integer' || schema['type'] === 'number' || intOrString) {
    others.push(...numberCandidates(schema))
  }
  if (schema['type'] === 'boolean') others.push(false)
  const accepts = acceptance(schema)
  const seen = new Set<string>()
  const fresh = (value: unknown) => {
    const key = canonicalJson(value)
    if (seen.has(key) || !accepts(value)) return false
    seen.add(key)
    return true
  }
  return { defaults: defaults.filter(fresh), others: others.filter(fresh) }
}

/**
 * `values`, with a node's defaults one time in `NOTABLE_ONE_IN` and its other notable values
 * as often.
 */
export function withNotableValues<T>(
  values: fc.Arbitrary<T>,
  schema: SchemaProps,
  also: readonly unknown[] = []
): fc.Arbitrary<T> {
  const { defaults, others } = notableValues(schema, also)
  const notable = [defaults, others].filter((group) => group.length > 0)
  if (notable.length === 0) return values
  return fc.oneof(
    { weight: NOTABLE_ONE_IN - notable.length, arbitrary: values },
    ...notable.map((group) => ({ weight: 1, arbitrary: fc.constantFrom(...(group as T[])) }))
  )
}

function stringCandidates(schema: SchemaProps): string[] {
  const format = typeof schema['format'] === 'string' ? schema['format'] : undefined
  if (format !== undefined && format in FORMAT_BOUNDS) return [...(FORMAT_BOUNDS[format] ?? [])]
  const min = number(schema['minLength']) ?? 0
  const max = number(schema['maxLength'])
  return [...SENTINEL_STRINGS, 'a'.repeat(min), ...(max === undefined ? [] : ['a'.repeat(max)])]
}

function numberCandidates(schema: SchemaProps): number[] {
  const bounds = [
    number(schema['minimum']),
    number(schema['maximum']),
    number(schema['exclusiveMinimum']),
    number(schema['exclusiveMaximum']),
  ].filter((bound) => bound !== undefined)
  const integer = schema['type'] !== 'number'
  const inside = bounds.flatMap((bound) => (integer ? [bound, bound + 1, bound - 1] : [bound]))
  return [0, 1, -1, ...inside]
}

/** Whether a value keeps every rule of `schema` that `notableValues` may break. */
function acceptance(schema: SchemaProps): (value: unknown) => boolean {
  const pattern = typeof schema['pattern'] === 'string' ? readPattern(schema['pattern']) : null
  const intOrString = schema['x-kubernetes-int-or-string'] === true
  return (value) => {
    if (typeof value === 'string') {
      if (schema['type'] !== 'string' && !intOrString) return false
      if (pattern === undefined || (pattern !== null && !pattern.test(value))) return false
      const length = [...value].length
      if (length < (number(schema['minLength']) ?? 0)) return false
      return length <= (number(schema['maxLength']) ?? Infinity)
    }
    if (typeof value === 'number') return numberAccepted(schema, value, intOrString)
    if (typeof value === 'boolean') return schema['type'] === 'boolean'
    // a default of another shape (an object, a list) is the schema's own: trust it
    return value !== null || schema['nullable'] === true
  }
}

function numberAccepted(schema: SchemaProps, value: number, intOrString: boolean): boolean {
  const type = schema['type']
  if (type !== 'number' && type !== 'integer' && !intOrString) return false
  if (type !== 'number' && !Number.isInteger(value)) return false
  if (intOrString && (value < 0 || value > 65535)) return false
  const min = number(schema['minimum'])
  const max = number(schema['maximum'])
  const exclusiveMin = schema['exclusiveMinimum']
  const exclusiveMax = schema['exclusiveMaximum']
  if (min !== undefined && (value < min || (exclusiveMin === true && value === min))) return false
  if (max !== undefined && (value > max || (exclusiveMax === true && value === max))) return false
  if (typeof exclusiveMin === 'number' && value <= exclusiveMin) return false
  if (typeof exclusiveMax === 'number' && value >= exclusiveMax) return false
  if (schema['format'] === 'int32' && (value < -2147483648 || value > 2147483647)) return false
  const step = number(schema['multipleOf'])
  return step === undefined || step <= 0 || Number.isInteger(value / step)
}

/** The pattern as JavaScript reads it, `undefined` where it cannot, `null` where there is none. */
function readPattern(pattern: string): RegExp | undefined {
  try {
    return new RegExp(pattern)
  } catch {
    return undefined
  }
}
