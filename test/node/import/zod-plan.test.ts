import { describe, expect, it } from 'vitest'
import type { SchemaProps } from '../../../packages/webhook/src/index.ts'
import { toCrdSchema } from '../../../packages/crdconv/src/crd/index.ts'
import { planSchema } from '../../../packages/crdconv/src/import/zod-plan.ts'
import { buildZod, zodSource } from '../../../packages/crdconv/src/import/zod-render.ts'

describe('planSchema and its renderings', () => {
  it.each<[string, SchemaProps, string]>([
    ['a string enum as z.enum', { type: 'string', enum: ['a', 'b'] }, 'z.enum(["a","b"])'],
    [
      'a format and pattern, stated',
      { type: 'string', format: 'date-time', pattern: '^2' },
      'z.string().register(crdKeywords, {"format":"date-time","pattern":"^2"})',
    ],
    ['a nullable integer', { type: 'integer', nullable: true }, 'z.int().nullable()'],
    [
      'int-or-string as a union',
      { 'x-kubernetes-int-or-string': true },
      'z.union([z.int(), z.string()]).register(crdKeywords, {"x-kubernetes-int-or-string":true})',
    ],
    [
      'a map as a record',
      { type: 'object', additionalProperties: { type: 'string' } },
      'z.record(z.string(), z.string())',
    ],
    [
      'an object keeping unknown fields as a looseObject, optional fields optional',
      {
        type: 'object',
        'x-kubernetes-preserve-unknown-fields': true,
        required: ['a'],
        properties: { a: { type: 'boolean' }, 'b-c': { type: 'number' } },
      },
      'z.looseObject({a: z.boolean(),\n"b-c": z.number().optional()}).register(crdKeywords, {"x-kubernetes-preserve-unknown-fields":true})',
    ],
  ])('says %s', (_name, node, source) => {
    expect(zodSource(planSchema(node))).toBe(source)
  })

  it('builds a schema whose CRD node is the one planned', () => {
    const node = {
      type: 'object',
      properties: {
        spec: {
          type: 'object',
          required: ['port'],
          properties: {
            port: {
              'x-kubernetes-int-or-string': true,
              anyOf: [{ type: 'integer' }, { type: 'string' }],
            },
            size: { type: 'integer', format: 'int64', minimum: 1 },
            ratio: { type: 'number', nullable: true, default: 0.5 },
          },
        },
      },
    }
    const { openAPIV3Schema } = toCrdSchema(buildZod(planSchema(node)))
    const properties = openAPIV3Schema['properties'] as Record<string, unknown>
    expect(properties['spec']).toEqual(node.properties.spec)
  })
})
