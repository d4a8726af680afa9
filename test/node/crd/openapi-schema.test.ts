import * as z from 'zod'
import { describe, expect, it } from 'vitest'
import { structuralViolations, toCrdSchema } from '../../../packages/crdconv/src/crd/index.ts'
import { crdKeywords, type SchemaProps } from '../../../packages/webhook/src/index.ts'

/** The generated schema of field `field` in `z.object({ [field]: schema })`, plus the whole result. */
function fieldSchema(schema: z.ZodType, field = 'field') {
  const result = toCrdSchema(z.object({ [field]: schema }))
  const properties = result.openAPIV3Schema['properties'] as Record<string, SchemaProps>
  return { ...result, field: properties[field], required: result.openAPIV3Schema['required'] }
}

describe('toCrdSchema', () => {
  it.each<[string, z.ZodType, SchemaProps]>([
    ['a described string', z.string().describe('Who'), { description: 'Who', type: 'string' }],
    ['an int, without zod’s safe-integer bounds', z.int(), { type: 'integer' }],
    [
      'an int32, with format int32 and its real bounds',
      z.int32(),
      { type: 'integer', format: 'int32', minimum: -2147483648, maximum: 2147483647 },
    ],
    ['an int64 (a bigint), as format int64', z.int64(), { type: 'integer', format: 'int64' }],
    ['an int with one bound of its own', z.int().min(0), { type: 'integer', minimum: 0 }],
    [
      'stated CRD keywords, as they are',
      z.email().register(crdKeywords, {
        pattern: '^.+@example\\.com$',
        'x-kubernetes-validations': [{ rule: 'self != ""' }],
      }),
      {
        type: 'string',
        format: 'email',
        pattern: '^.+@example\\.com$',
        'x-kubernetes-validations': [{ rule: 'self != ""' }],
      },
    ],
    [
      'bounds, exclusive ones in the OpenAPI 3.0 form',
      z.number().min(1).lt(5),
      { type: 'number', minimum: 1, maximum: 5, exclusiveMaximum: true },
    ],
    ['a nullable string', z.string().nullable(), { type: 'string', nullable: true }],
    ['a default', z.string().default('x'), { type: 'string', default: 'x' }],
    ['an enum', z.enum(['a', 'b']), { type: 'string', enum: ['a', 'b'] }],
    [
      'a union of literals, as one enum',
      z.union([z.literal(1), z.literal(2)]),
      { type: 'number', enum: [1, 2] },
    ],
    ['int or string', z.union([z.int(), z.string()]), { 'x-kubernetes-int-or-string': true }],
    ['a pattern', z.string().regex(/^[a-z]+$/), { type: 'string', pattern: '^[a-z]+$' }],
    [
      'an email, checked by its format and not zod’s regex',
      z.email(),
      { type: 'string', format: 'email' },
    ],
    [
      'a list with a minimum',
      z.array(z.string()).min(1),
      { type: 'array', minItems: 1, items: { type: 'string' } },
    ],
    [
      'a map (record)',
      z.record(z.string(), z.int()),
      { type: 'object', additionalProperties: { type: 'integer' } },
    ],
    ['any JSON value', z.unknown(), { 'x-kubernetes-preserve-unknown-fields': true }],
    ['JSON (z.json)', z.json(), { nullable: true, 'x-kubernetes-preserve-unknown-fields': true }],
    [
      'an object that keeps unknown fields (looseObject)',
      z.looseObject({ a: z.string() }),
      {
        type: 'object',
        'x-kubernetes-preserve-unknown-fields': true,
        properties: { a: { type: 'string' } },
        required: ['a'],
      },
    ],
    [
      'an object that prunes unknown fields',
      z.object({ a: z.string().optional() }),
      { type: 'object', properties: { a: { type: 'string' } } },
    ],
    [
      'a strict object, which Kubernetes prunes too',
      z.strictObject({ a: z.boolean() }),
      { type: 'object', properties: { a: { type: 'boolean' } }, required: ['a'] },
    ],
  ])('says %s structurally', (_name, schema, expected) => {
    const { field, problems, openAPIV3Schema } = fieldSchema(schema)
    expect(field).toEqual(expected)
    expect(problems).toEqual([])
    expect(structuralViolations(openAPIV3Schema)).toEqual([])
  })

  it('lists required fields and leaves out optional, defaulted and any-value ones', () => {
    const schema = z.object({
      a: z.string(),
      b: z.string().optional(),
      c: z.string().default('c'),
      d: z.unknown(),
      e: z.string().nullish(),
    })
    expect(toCrdSchema(schema).openAPIV3Schema['required']).toEqual(['a'])
  })

  it('merges a discriminated union into one object and keeps each branch’s required fields in anyOf', () => {
    const union = z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('Cron'), schedule: z.string().min(9) }),
      z.object({ kind: z.literal('Once'), at: z.iso.datetime() }),
    ])
    const { field, openAPIV3Schema, notes } = fieldSchema(union)
    expect(field).toEqual({
      type: 'object',
      properties: {
        kind: { type: 'string', enum: ['Cron', 'Once'] },
        schedule: { type: 'string', minLength: 9 },
        at: { type: 'string', format: 'date-time' },
      },
      required: ['kind'],
      anyOf: [
        {
          properties: { kind: { enum: ['Cron'] }, schedule: { minLength: 9 } },
          required: ['kind', 'schedule'],
        },
        {
          properties: { kind: { enum: ['Once'] }, at: { format: 'date-time' } },
          required: ['kind', 'at'],
        },
      ],
    })
    expect(notes).toEqual([])
    expect(structuralViolations(openAPIV3Schema)).toEqual([])
  })

  it('widens a union of unrelated types to any value, with a note', () => {
    const { field, notes, problems, openAPIV3Schema } = fieldSchema(
      z.union([z.string(), z.boolean()])
    )
    expect(field).toEqual({ 'x-kubernetes-preserve-unknown-fields': true })
    expect(notes).toEqual([expect.stringContaining('.field: a union of string, boolean')])
    expect(problems).toEqual([])
    expect(structuralViolations(openAPIV3Schema)).toEqual([])
  })

  it('keeps the catchall of an object with fields as unknown fields, with a note', () => {
    const { field, notes } = fieldSchema(z.object({ a: z.string() }).catchall(z.string()))
    expect(field).toMatchObject({ type: 'object', 'x-kubernetes-preserve-unknown-fields': true })
    expect(field).not.toHaveProperty('additionalProperties')
    expect(notes).toEqual([expect.stringContaining('catchall')])
  })

  it('marks an embedded resource and restricts its metadata as rule 4 asks', () => {
    const embedded = z
      .looseObject({
        apiVersion: z.string(),
        kind: z.string(),
        metadata: z.object({ name: z.string(), labels: z.record(z.string(), z.string()) }),
      })
      .meta({ 'x-kubernetes-embedded-resource': true })
    const { field, openAPIV3Schema } = fieldSchema(embedded, 'template')
    expect(field).toMatchObject({
      type: 'object',
      'x-kubernetes-embedded-resource': true,
      'x-kubernetes-preserve-unknown-fields': true,
      properties: { metadata: { type: 'object', properties: { name: { type: 'string' } } } },
    })
    expect(structuralViolations(openAPIV3Schema)).toEqual([])
  })

  it('sets apiVersion, kind and metadata as Kubernetes expects, keeping only name restrictions', () => {
    const schema = z.object({
      apiVersion: z.literal('example.com/v1'),
      metadata: z.object({ name: z.string().max(20), namespace: z.string() }),
      spec: z.object({ a: z.string() }),
    })
    const { openAPIV3Schema, notes } = toCrdSchema(schema)
    expect(openAPIV3Schema['properties']).toMatchObject({
      apiVersion: { type: 'string' },
      kind: { type: 'string' },
      metadata: { type: 'object', properties: { name: { type: 'string', maxLength: 20 } } },
    })
    expect(openAPIV3Schema['required']).toEqual(['spec'])
    expect(notes).toEqual([expect.stringContaining('.metadata.namespace')])
    expect(structuralViolations(openAPIV3Schema)).toEqual([])
  })

  it('inlines a schema registered with an id', () => {
    const Address = z.object({ host: z.string() }).meta({ id: 'CrdTestAddress' })
    const { openAPIV3Schema } = toCrdSchema(z.object({ a: Address, b: Address }))
    const properties = openAPIV3Schema['properties'] as Record<string, SchemaProps>
    expect(properties['b']).toEqual(properties['a'])
    expect(JSON.stringify(openAPIV3Schema)).not.toContain('$ref')
  })

  it.each<[string, z.ZodType, string]>([
    [
      'a Date',
      z.object({ spec: z.object({ when: z.date() }) }),
      '.spec.when: Date cannot be represented',
    ],
    ['a symbol', z.object({ size: z.symbol() }), '.size: Symbols cannot be represented'],
    ['a non-object root', z.string(), 'must be an object schema'],
  ])('reports %s as a problem naming the field', (_name, schema, problem) => {
    expect(toCrdSchema(schema).problems.join('\n')).toContain(problem)
  })

  it('reports a recursive schema, which a CRD cannot say', () => {
    const Node: z.ZodType = z.lazy(() => z.object({ children: z.array(Node).optional() }))
    const { problems } = toCrdSchema(z.object({ tree: Node }))
    expect(problems.join('\n')).toContain('recursive schema')
  })
})
