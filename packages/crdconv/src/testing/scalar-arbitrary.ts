// Strings and numbers a structural schema node accepts: pattern, format, length and bounds.
import * as fc from 'fast-check'
import type { SchemaProps } from '@crdconv/webhook/scheme'

const INT32 = { min: -2147483648, max: 2147483647 }

const number = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined

/** Strings of `schema`: its pattern where JavaScript can read it, else its format, within its lengths. */
export function stringArbitrary(schema: SchemaProps): fc.Arbitrary<string> {
  const minLength = number(schema['minLength']) ?? 0
  const maxLength = number(schema['maxLength'])
  const fitsLength = (text: string) =>
    text.length >= minLength && (maxLength === undefined || text.length <= maxLength)
  const pattern = typeof schema['pattern'] === 'string' ? schema['pattern'] : undefined
  if (pattern !== undefined) {
    try {
      const matching = fc.stringMatching(new RegExp(pattern))
      if (maxLength === undefined && minLength === 0) return matching
      // long matches are cut by the filter; a short fallback keeps generation from starving
      return matching.filter(fitsLength)
    } catch {
      // a pattern JavaScript cannot read (RE2 syntax): fall back on the format or on plain text
    }
  }
  const format =
    typeof schema['format'] === 'string' ? formatArbitrary(schema['format']) : undefined
  if (format !== undefined) return format.filter(fitsLength)
  const constraints = maxLength === undefined ? { minLength } : { minLength, maxLength }
  // graphemes can take two UTF-16 units, and the API server counts characters
  return fc.oneof(
    { weight: 3, arbitrary: fc.string(constraints) },
    { weight: 1, arbitrary: fc.string({ ...constraints, unit: 'grapheme' }).filter(fitsLength) }
  )
}

function formatArbitrary(format: string): fc.Arbitrary<string> | undefined {
  const date = fc.date({
    min: new Date('1970-01-01T00:00:00Z'),
    max: new Date('2100-01-01T00:00:00Z'),
    noInvalidDate: true,
  })
  switch (format) {
    case 'email':
      return fc.emailAddress()
    case 'uuid':
      return fc.uuid()
    case 'uri':
      return fc.webUrl()
    case 'hostname':
      return fc.domain()
    case 'ipv4':
      return fc.ipV4()
    case 'ipv6':
      return fc.ipV6()
    case 'cidr':
      return fc
        .tuple(fc.ipV4(), fc.integer({ min: 0, max: 32 }))
        .map(([ip, bits]) => `${ip}/${bits}`)
    case 'mac':
      return fc
        .array(fc.integer({ min: 0, max: 255 }), { minLength: 6, maxLength: 6 })
        .map((bytes) => bytes.map((byte) => byte.toString(16).padStart(2, '0')).join(':'))
    case 'byte':
      return fc.uint8Array({ maxLength: 24 }).map((bytes) => btoa(String.fromCharCode(...bytes)))
    case 'duration':
      return fc
        .tuple(fc.integer({ min: 0, max: 999 }), fc.constantFrom('ms', 's', 'm', 'h'))
        .map(([count, unit]) => `${count}${unit}`)
    case 'date-time':
      return date.map((moment) => moment.toISOString())
    case 'date':
      return date.map((moment) => moment.toISOString().slice(0, 10))
    default:
      return undefined
  }
}

/** Integers of `schema`: its bounds (OpenAPI 3.0 boolean exclusives or numeric ones), format and step. */
export function integerArbitrary(schema: SchemaProps): fc.Arbitrary<number> {
  const byFormat = schema['format'] === 'int32' ? INT32 : undefined
  let min = Math.ceil(number(schema['minimum']) ?? byFormat?.min ?? Number.MIN_SAFE_INTEGER)
  let max = Math.floor(number(schema['maximum']) ?? byFormat?.max ?? Number.MAX_SAFE_INTEGER)
  if (schema['exclusiveMinimum'] === true) min += 1
  if (schema['exclusiveMaximum'] === true) max -= 1
  const exclusiveMin = number(schema['exclusiveMinimum'])
  const exclusiveMax = number(schema['exclusiveMaximum'])
  if (exclusiveMin !== undefined) min = Math.max(min, Math.floor(exclusiveMin) + 1)
  if (exclusiveMax !== undefined) max = Math.min(max, Math.ceil(exclusiveMax) - 1)
  min = Math.max(min, Number.MIN_SAFE_INTEGER)
  max = Math.min(max, Number.MAX_SAFE_INTEGER)
  if (min > max) return fc.constant(min)
  const step = number(schema['multipleOf'])
  if (step !== undefined && Number.isInteger(step) && step > 0) {
    const low = Math.ceil(min / step)
    const high = Math.floor(max / step)
    if (low <= high) return fc.integer({ min: low, max: high }).map((times) => times * step)
  }
  return fc.integer({ min, max })
}

/** Numbers of `schema`, within its bounds. */
export function numberArbitrary(schema: SchemaProps): fc.Arbitrary<number> {
  const min = number(schema['minimum']) ?? number(schema['exclusiveMinimum'])
  const max = number(schema['maximum']) ?? number(schema['exclusiveMaximum'])
  const minExcluded =
    schema['exclusiveMinimum'] === true || number(schema['exclusiveMinimum']) !== undefined
  const maxExcluded =
    schema['exclusiveMaximum'] === true || number(schema['exclusiveMaximum']) !== undefined
  return fc.double({
    noNaN: true,
    noDefaultInfinity: true,
    ...(min === undefined ? {} : { min, minExcluded }),
    ...(max === undefined ? {} : { max, maxExcluded }),
  })
}
