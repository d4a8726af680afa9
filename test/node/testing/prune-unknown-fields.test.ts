import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import { toCrdSchema } from '../../../packages/crdconv/src/crd/index.ts'
import { pruneUnknownFields } from '../../../packages/crdconv/src/testing/prune-unknown-fields.ts'

const schemaOf = (schema: z.ZodType) => toCrdSchema(schema).openAPIV3Schema

describe('pruneUnknownFields', () => {
  it('drops undeclared fields of z.object and keeps those of z.looseObject, as the CRD says', () => {
    const schema = schemaOf(
      z.object({
        spec: z.object({ size: z.int() }),
        extra: z.looseObject({ known: z.string() }),
        items: z.array(z.object({ id: z.string() })),
        labels: z.record(z.string(), z.object({ on: z.boolean() })),
        anything: z.unknown(),
        port: z.union([z.int(), z.string()]),
      })
    )
    const object = {
      apiVersion: 'example.com/v1',
      kind: 'Widget',
      metadata: { name: 'w', labels: { a: 'b' } },
      spec: { size: 1, old: true },
      extra: { known: 'a', other: 'b' },
      items: [{ id: 'x', gone: 1 }],
      labels: { a: { on: true, off: false } },
      anything: { free: { form: 1 } },
      port: 'http',
      stray: 'field',
    }
    expect(pruneUnknownFields(object, schemaOf(z.looseObject({})))).toEqual(object)
    expect(pruneUnknownFields(object, schema)).toEqual({
      apiVersion: 'example.com/v1',
      kind: 'Widget',
      metadata: { name: 'w', labels: { a: 'b' } },
      spec: { size: 1 },
      extra: { known: 'a', other: 'b' },
      items: [{ id: 'x' }],
      labels: { a: { on: true } },
      anything: { free: { form: 1 } },
      port: 'http',
    })
  })

  it('keeps apiVersion, kind and metadata of an embedded resource', () => {
    const schema = {
      type: 'object',
      properties: {
        template: {
          type: 'object',
          'x-kubernetes-embedded-resource': true,
          properties: { spec: { type: 'object', properties: { a: { type: 'string' } } } },
        },
      },
    }
    const template = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'p' },
      spec: { a: 'x', b: 1 },
    }
    expect(pruneUnknownFields({ template }, schema)).toEqual({
      template: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { a: 'x' } },
    })
  })

  it('leaves values a schema does not describe as objects alone', () => {
    expect(pruneUnknownFields('text', schemaOf(z.object({})))).toBe('text')
  })
})
