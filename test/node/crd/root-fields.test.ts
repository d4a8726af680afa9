import * as z from 'zod'
import { describe, expect, it } from 'vitest'
import { structuralViolations, toCrdSchema } from '../../../packages/crdconv/src/crd/index.ts'
import {
  crdKeywords,
  crdRootFields,
  type RootField,
  type SchemaProps,
} from '../../../packages/webhook/src/index.ts'

const spec = z.object({ size: z.int() })

function rootOf(schema: z.ZodType): SchemaProps {
  const { openAPIV3Schema, problems } = toCrdSchema(schema)
  expect(problems).toEqual([])
  expect(structuralViolations(openAPIV3Schema)).toEqual([])
  return openAPIV3Schema
}

describe('the root of a version’s schema', () => {
  it('declares apiVersion, kind and metadata when nothing says otherwise', () => {
    expect(Object.keys(rootOf(z.object({ spec })).properties as object)).toEqual([
      'apiVersion',
      'kind',
      'metadata',
      'spec',
    ])
  })

  it.each<[string, RootField[], string[]]>([
    ['none of them', [], ['spec']],
    ['metadata alone', ['metadata'], ['metadata', 'spec']],
    ['apiVersion and kind', ['apiVersion', 'kind'], ['apiVersion', 'kind', 'spec']],
  ])('adds %s where crdRootFields says so', (_name, add, properties) => {
    const root = rootOf(z.object({ spec }).register(crdRootFields, { add }))
    expect(Object.keys(root['properties'] as object)).toEqual(properties)
  })

  it('writes a declared root field whatever crdRootFields says', () => {
    const root = rootOf(z.object({ kind: z.string(), spec }).register(crdRootFields, { add: [] }))
    expect(root['properties']).toMatchObject({ kind: { type: 'string' }, spec: {} })
    expect(Object.keys(root['properties'] as object)).toEqual(['kind', 'spec'])
  })

  it('drops apiVersion, kind and metadata from the required list zod derives', () => {
    const root = rootOf(z.object({ kind: z.string(), metadata: z.object({}), spec }))
    expect(root['required']).toEqual(['spec'])
  })

  it('keeps a required list stated at the root as it is, root fields and order included', () => {
    const root = rootOf(
      z
        .object({ spec, status: spec.optional() })
        .register(crdKeywords, { required: ['status', 'metadata', 'spec'] })
    )
    expect(root['required']).toEqual(['status', 'metadata', 'spec'])
  })

  it('keeps what apiVersion and kind state, and drops the checks zod derives for them', () => {
    const root = rootOf(
      z.object({
        apiVersion: z
          .literal('example.com/v1')
          .describe('The version.')
          .register(crdKeywords, { maxLength: 64 }),
        kind: z.string().min(1),
        spec,
      })
    )
    expect(root['properties']).toMatchObject({
      apiVersion: { description: 'The version.', type: 'string', maxLength: 64 },
      kind: { type: 'string' },
    })
    expect((root['properties'] as Record<string, SchemaProps>)['kind']).toEqual({ type: 'string' })
  })
})
