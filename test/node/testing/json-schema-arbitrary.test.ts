import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import type { SchemaProps } from '../../../packages/webhook/src/index.ts'
import { toCrdSchema } from '../../../packages/crdconv/src/crd/index.ts'
import { backup, cronTab } from '../../../examples/index.ts'
import {
  isPlainObject,
  labelValueProblem,
  qualifiedNameProblem,
  defineResource,
  stashAnnotationKey,
  type Resource,
} from '../../../packages/webhook/src/scheme/index.ts'
import {
  arbitraryFromJsonSchema,
  arbitraryObjectAt,
  declaredPropertyNames,
  versionJsonSchema,
} from '../../../packages/crdconv/src/testing/index.ts'

const Rich = z.object({
  name: z.string().min(2).max(8),
  code: z.string().regex(/^[A-Z]{3}-\d{2}$/),
  id: z.uuid().optional(),
  count: z.int().min(-5).max(5),
  small: z.int32(),
  ratio: z.number().gt(0).lt(1),
  mode: z.enum(['fast', 'safe']),
  fixed: z.literal('yes'),
  flag: z.boolean().nullable(),
  tags: z.array(z.string()).min(1).max(3),
  limits: z.record(z.string(), z.int()),
  port: z.union([z.int(), z.string()]),
  nested: z.looseObject({ inner: z.string().optional() }).optional(),
  strict: z.strictObject({ only: z.int() }).optional(),
})

const unknownKey = fc.constantFrom('extraOne', 'extraTwo', 'name')
const sample = <T>(arbitrary: fc.Arbitrary<T>, numRuns = 200) =>
  fc.sample(arbitrary, { numRuns, seed: 7 })
const structural = (schema: z.ZodType) => toCrdSchema(schema).openAPIV3Schema

describe('arbitraryFromJsonSchema', () => {
  const schema = structural(Rich)

  it('generates values the zod schema behind the CRD accepts', () => {
    fc.assert(
      fc.property(arbitraryFromJsonSchema(schema, { unknownKey }), (value) => {
        const {
          apiVersion: _apiVersion,
          kind: _kind,
          metadata: _metadata,
          ...fields
        } = value as Record<string, unknown>
        const parsed = Rich.safeParse(fields)
        if (!parsed.success) throw new Error(z.prettifyError(parsed.error))
      }),
      { numRuns: 200, seed: 7 }
    )
  })

  it('adds unknown fields only where the schema keeps them, never named like a declared one', () => {
    const values = sample(arbitraryFromJsonSchema(schema, { unknownKey })) as Record<
      string,
      unknown
    >[]
    const nested = values.map((value) => value['nested']).filter(isPlainObject)
    expect(nested.some((value) => 'extraOne' in value || 'extraTwo' in value)).toBe(true)
    expect(nested.some((value) => 'name' in value)).toBe(true)
    for (const value of values) {
      expect(Object.keys(value).filter((key) => key.startsWith('extra'))).toEqual([])
      if (isPlainObject(value['strict'])) expect(Object.keys(value['strict'])).toEqual(['only'])
    }
  })

  it('leaves out required fields too for partial objects', () => {
    const values = sample(arbitraryFromJsonSchema(schema, { unknownKey, partial: true }))
    expect(values.some((value) => isPlainObject(value) && !('code' in value))).toBe(true)
  })

  const generated = (node: SchemaProps) => sample(arbitraryFromJsonSchema(node, { unknownKey }))

  it('gives both integers and strings for x-kubernetes-int-or-string', () => {
    const values = generated({ 'x-kubernetes-int-or-string': true })
    expect(values.some(Number.isInteger)).toBe(true)
    expect(values.some((value) => typeof value === 'string')).toBe(true)
    expect(values.every((value) => Number.isInteger(value) || typeof value === 'string')).toBe(true)
  })

  it('gives arbitrary JSON, objects with unknown fields among it, for preserve-unknown-fields', () => {
    const values = generated({ 'x-kubernetes-preserve-unknown-fields': true })
    expect(new Set(values.map((value) => typeof value)).size).toBeGreaterThan(2)
    const objects = generated({ type: 'object', 'x-kubernetes-preserve-unknown-fields': true })
    expect(objects.some((value) => isPlainObject(value) && Object.keys(value).length > 0)).toBe(
      true
    )
  })

  it('gives an embedded resource its apiVersion, kind and metadata.name', () => {
    const values = generated({
      type: 'object',
      'x-kubernetes-embedded-resource': true,
      'x-kubernetes-preserve-unknown-fields': true,
    })
    for (const value of values) {
      expect(value).toMatchObject({
        apiVersion: expect.any(String),
        kind: expect.any(String),
        metadata: { name: expect.any(String) },
      })
    }
  })

  it('keeps the items of a map list unique in their keys, and of a set list unique', () => {
    const ports = generated({
      type: 'array',
      'x-kubernetes-list-type': 'map',
      'x-kubernetes-list-map-keys': ['name', 'protocol'],
      items: {
        type: 'object',
        properties: {
          name: { type: 'string', enum: ['a', 'b'] },
          protocol: { type: 'string', enum: ['TCP', 'UDP'] },
          port: { type: 'integer' },
        },
        required: ['port'],
      },
    }) as Record<string, unknown>[][]
    expect(ports.some((list) => list.length > 1)).toBe(true)
    for (const list of ports) {
      const keys = list.map((item) => `${String(item['name'])}/${String(item['protocol'])}`)
      expect(new Set(keys).size).toBe(list.length)
      for (const item of list) expect(item['name']).toEqual(expect.any(String))
    }
    const sets = generated({
      type: 'array',
      'x-kubernetes-list-type': 'set',
      items: { type: 'integer', minimum: 0, maximum: 3 },
    }) as number[][]
    for (const list of sets) expect(new Set(list).size).toBe(list.length)
  })

  it.each<[string, SchemaProps, (value: unknown) => boolean]>([
    ['an enum', { type: 'string', enum: ['x', 'y'] }, (value) => value === 'x' || value === 'y'],
    [
      'a pattern with lengths',
      { type: 'string', pattern: '^[a-z]+$', minLength: 2, maxLength: 5 },
      (value) => typeof value === 'string' && /^[a-z]{2,5}$/.test(value),
    ],
    [
      'a date-time format',
      { type: 'string', format: 'date-time' },
      (value) => typeof value === 'string' && !Number.isNaN(Date.parse(value)),
    ],
    [
      'exclusive integer bounds (OpenAPI 3.0)',
      { type: 'integer', minimum: 0, exclusiveMinimum: true, maximum: 3 },
      (value) => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 3,
    ],
    [
      'int32',
      { type: 'integer', format: 'int32' },
      (value) => Number.isInteger(value) && Math.abs(value as number) <= 2 ** 31,
    ],
    [
      'one branch of an anyOf of required fields',
      {
        type: 'object',
        properties: { a: { type: 'string' }, b: { type: 'string' } },
        anyOf: [{ required: ['a'] }, { required: ['b'] }],
      },
      (value) => isPlainObject(value) && ('a' in value || 'b' in value),
    ],
  ])('holds %s', (_name, node, holds) => {
    for (const value of generated(node)) expect(holds(value)).toBe(true)
  })
})

describe('declaredPropertyNames', () => {
  it('lists property names at every depth', () => {
    const names = declaredPropertyNames(versionJsonSchema(backup, 'v1'))
    expect([...names]).toEqual(expect.arrayContaining(['spec', 'bucket', 'encryption', 'keyRef']))
  })
})

describe('arbitraryObjectAt', () => {
  it.each<[string, Resource, string]>([
    ['CronTab', cronTab, 'v1beta1'],
    ['Backup', backup, 'v1alpha1'],
  ])(
    'generates whole %s objects at %s with valid labels and annotations',
    (_kind, resource, version) => {
      const objects = sample(arbitraryObjectAt(resource, version))
      for (const object of objects) {
        expect(object.apiVersion).toBe(`example.com/${version}`)
        expect(object.kind).toBe(resource.kind)
        expect(object.metadata?.name).toEqual(expect.any(String))
        expect(object.metadata?.namespace).toEqual(expect.any(String))
        for (const [key, value] of Object.entries(object.metadata?.labels ?? {})) {
          expect(qualifiedNameProblem(key)).toBeUndefined()
          expect(labelValueProblem(value)).toBeUndefined()
        }
        expect(Object.keys(object.metadata?.annotations ?? {})).not.toContain(
          stashAnnotationKey(resource.group)
        )
        const schema = resource.versions[version]?.schema
        expect(schema && z.safeParse(schema, object).success).toBe(true)
      }
      expect(objects.some((object) => Object.keys(object.metadata?.labels ?? {}).length > 0)).toBe(
        true
      )
      expect(objects.some((object) => isPlainObject(object['status']))).toBe(true)
    }
  )

  it('names unknown fields so that no version declares them', () => {
    // fast-check favours short names: without the rule, unknown fields named b would appear
    const loose = z.looseObject({ spec: z.looseObject({ a: z.string().optional() }).optional() })
    const other = z.looseObject({ spec: z.looseObject({ b: z.string().optional() }).optional() })
    const resource = defineResource({
      group: 'example.com',
      kind: 'Letter',
      versions: { v1: { schema: loose, storage: true }, v2: { schema: other } },
      converters: [
        { from: 'v1', to: 'v2', convert: (object) => object },
        { from: 'v2', to: 'v1', convert: (object) => object },
      ],
    })
    const objects = sample(arbitraryObjectAt(resource, 'v1'))
    const specKeys = objects.flatMap((object) =>
      isPlainObject(object['spec']) ? Object.keys(object['spec']) : []
    )
    expect(specKeys.filter((key) => key !== 'a').length).toBeGreaterThan(0)
    expect(specKeys).not.toContain('b')
    expect(specKeys).not.toContain('spec')
  })

  it('sometimes leaves out metadata for partial objects', () => {
    const objects = sample(arbitraryObjectAt(backup, 'v1', { partial: true }))
    expect(objects.some((object) => object.metadata === undefined)).toBe(true)
  })
})
