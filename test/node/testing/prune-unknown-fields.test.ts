import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import { pruneUnknownFields } from '../../../src/testing/prune-unknown-fields.ts'

const schemaOf = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input' })

describe('pruneUnknownFields', () => {
  it('should drop undeclared fields of z.object and keep those of z.looseObject', () => {
    const schema = schemaOf(
      z.object({
        spec: z.object({ size: z.int() }),
        extra: z.looseObject({ known: z.string() }),
        items: z.array(z.object({ id: z.string() })),
        labels: z.record(z.string(), z.object({ on: z.boolean() })),
        anything: z.unknown(),
      })
    )
    const object = {
      apiVersion: 'example.com/v1',
      kind: 'Widget',
      metadata: { name: 'w' },
      spec: { size: 1, old: true },
      extra: { known: 'a', other: 'b' },
      items: [{ id: 'x', gone: 1 }],
      labels: { a: { on: true, off: false } },
      anything: { free: { form: 1 } },
      stray: 'field',
    }
    expect(pruneUnknownFields(object, schemaOf(z.looseObject({})))).toEqual(object)
    expect(pruneUnknownFields(object, schema)).toEqual({
      apiVersion: 'example.com/v1',
      kind: 'Widget',
      metadata: { name: 'w' },
      spec: { size: 1 },
      extra: { known: 'a', other: 'b' },
      items: [{ id: 'x' }],
      labels: { a: { on: true } },
      anything: { free: { form: 1 } },
    })
  })

  it('should leave values a schema does not describe as objects alone', () => {
    expect(pruneUnknownFields('text', schemaOf(z.object({})))).toBe('text')
  })
})
