import * as z from 'zod'
import { describe, expect, it } from 'vitest'
import {
  checkResource,
  schemaAtPath,
  toCrdSchema,
} from '../../../packages/crdconv/src/crd/index.ts'
import { cronTab } from '../../../examples/index.ts'
import { ConversionError, defineResource } from '../../../packages/webhook/src/scheme/index.ts'

const failing = (items: ReturnType<typeof checkResource>) =>
  items.filter((item) => item.problems.length > 0)

describe('checkResource', () => {
  it('passes the CronTab example', () => {
    const items = checkResource(cronTab)
    expect(failing(items)).toEqual([])
    expect(items.map((item) => item.title)).toEqual([
      'one storage version (v1beta1)',
      'every version converts to every other (2 versions, 2 converters)',
      'v1beta1: the schema is structural',
      'v1beta1: printer-column and scale paths exist in the schema',
      'v1: the schema is structural',
      'v1: printer-column and scale paths exist in the schema',
      'examples convert to every other version (4 conversions)',
    ])
    expect(items.map((item) => item.code)).toEqual([
      'storage-version-count',
      'conversion-paths',
      'schema-structural',
      'column-paths',
      'schema-structural',
      'column-paths',
      'examples-convert',
    ])
  })

  it('says so when no version declares examples, instead of calling an empty object the examples', () => {
    const bare = defineResource({
      group: 'example.com',
      kind: 'Bare',
      versions: {
        v1beta1: { schema: z.looseObject({}) },
        v1: { schema: z.looseObject({}), storage: true },
      },
      converters: [
        { from: 'v1beta1', to: 'v1', convert: (object) => object },
        { from: 'v1', to: 'v1beta1', convert: (object) => object },
      ],
    })
    const item = checkResource(bare).at(-1)
    expect(item).toEqual({
      code: 'examples-convert',
      title: 'no examples declared: only an empty object was converted (2 conversions)',
      problems: [],
      notes: ['give a version `examples: [{ … }]` beside its schema to convert real objects here'],
    })
  })

  it.each([
    ['an array', z.array(z.string()), 'string', []],
    ['an object', z.object({ name: z.string() }), 'string', []],
    ['an integer', z.int(), 'string', []],
    ['a string', z.string(), 'date', []],
    ['an integer', z.int(), 'number', []],
    ['an array', z.array(z.string()), 'integer', ['is an array in the schema, expected integer']],
    ['a string', z.string(), 'boolean', ['is a string in the schema, expected boolean']],
    ['an integer', z.int(), 'date', ['is an integer in the schema, expected string']],
  ] as const)(
    'holds a printer column over %s of type %s to what the API server shows: %j',
    (_what, field, type, expected) => {
      const resource = defineResource({
        group: 'example.com',
        kind: 'Column',
        versions: { v1: { schema: z.object({ spec: z.object({ field }) }), storage: true } },
        additionalPrinterColumns: [{ name: 'Field', type, jsonPath: '.spec.field' }],
        converters: [],
      })
      const item = checkResource(resource).find((check) => check.code === 'column-paths')
      expect(item?.problems).toEqual(
        expected.map((problem) => `printer column Field .spec.field ${problem}`)
      )
    }
  )

  it('finds missing or mistyped printer-column and scale paths, an unsayable schema and a failing example', () => {
    const broken = defineResource({
      group: 'example.com',
      kind: 'Broken',
      versions: {
        v1: {
          schema: z.object({ spec: z.object({ replicas: z.string() }) }),
          storage: true,
        },
        v2: {
          schema: z.object({
            spec: z.object({ count: z.int() }),
            when: z.date().optional(),
          }),
          examples: [{ spec: { count: 1 } }],
        },
      },
      additionalPrinterColumns: [{ name: 'Count', type: 'integer', jsonPath: '.spec.count' }],
      subresources: {
        scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas' },
      },
      converters: [
        { from: 'v1', to: 'v2', convert: ({ spec: _spec, ...rest }) => rest },
        {
          from: 'v2',
          to: 'v1',
          convert: ({ spec }) => {
            if (spec?.count !== undefined) throw new ConversionError('count has no home in v1')
            return {}
          },
        },
      ],
    })
    const failed = failing(checkResource(broken))
    expect(failed.map((item) => item.code)).toEqual([
      'column-paths',
      'schema-structural',
      'examples-convert',
    ])
    const problems = failed.flatMap((item) => item.problems)
    expect(problems).toEqual([
      'printer column Count .spec.count: .spec.count is not declared in the schema',
      'scale specReplicasPath .spec.replicas is a string in the schema, expected integer',
      'scale statusReplicasPath .status.replicas: .status is not declared in the schema',
      expect.stringContaining('.when: Date cannot be represented'),
      'default/crdconv-example-1 v2 → v1: count has no home in v1',
    ])
  })
})

describe('schemaAtPath', () => {
  const { openAPIV3Schema } = toCrdSchema(
    z.object({
      spec: z.object({
        items: z.array(z.object({ name: z.string() })),
        labels: z.record(z.string(), z.string()),
        raw: z.looseObject({}),
      }),
    })
  )

  it.each([
    ['.spec.items[0].name', { type: 'string' }],
    ['.spec.items[*].name', { type: 'string' }],
    ['.spec.labels.app', { type: 'string' }],
    ["{.spec.items[?(@.name=='a')].name}", { type: 'string' }],
    ['.spec.raw.anything.below', undefined],
    ['.metadata.creationTimestamp', undefined],
  ])('finds %s', (path, schema) => {
    expect(schemaAtPath(openAPIV3Schema, path)).toEqual({ found: true, schema })
  })

  it.each([
    ['.spec.missing', '.spec.missing is not declared'],
    ['.spec.labels[0]', 'not an array'],
    ['spec', 'cannot read the path'],
  ])('does not find %s', (path, reason) => {
    const lookup = schemaAtPath(openAPIV3Schema, path)
    expect(lookup.found ? '' : lookup.reason).toContain(reason)
  })
})
